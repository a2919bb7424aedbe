import type { ActivityRecord } from '../activity/activity-schemas';
import type { RouteDef } from './route-def';
import type { HttpResult, RequestState } from './types';

/** The path parameters that name what an action was on. */
const targetParams = ['collection', 'slug', 'number', 'scheduleId', 'tokenId', 'hookId'] as const;
/** What an answer says it made, when it says so. */
const resultFields = [
  'sha',
  'commitSha',
  'number',
  'path',
  'branch',
  'merged',
  'id',
  'tokenId',
  'publicPath',
  'state',
] as const;

/** Every route that may change something: all but GET. The audit test walks the table with this. */
export const isWriteRoute = (route: Pick<RouteDef, 'method' | 'access'>): boolean =>
  route.method !== 'GET' && route.access !== 'none';

/** Whether the row's answered requests are recorded: its `activity`, or by default its writes. */
export const recordsActivity = (route: Pick<RouteDef, 'method' | 'access' | 'activity'>): boolean =>
  route.activity ?? isWriteRoute(route);

function parsed(result: HttpResult): Record<string, unknown> | undefined {
  if (
    (result.statusCode ?? 200) >= 300 ||
    typeof result.body !== 'string' ||
    result.isBase64Encoded
  )
    return undefined;
  try {
    const body = JSON.parse(result.body) as unknown;
    return body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The audit record of one answered request, or undefined when there is nothing to record: a row
 * that does not record (by default a read or an open route: sign-in flows, which the request log
 * has), or no signed-in caller (refused before anyone was known: 401).
 */
export function activityOf(input: {
  route: RouteDef;
  state: RequestState;
  result: HttpResult;
  requestId: string;
  path: string;
  at: string;
}): (ActivityRecord & { userId: string }) | undefined {
  const { route, state, result } = input;
  if (!recordsActivity(route) || state.caller.kind === 'anonymous') return undefined;
  const caller = state.caller;
  const body =
    state.body !== null && typeof state.body === 'object'
      ? (state.body as Record<string, unknown>)
      : {};
  const repo =
    state.params.repo ??
    (route.id === 'connectRepo' && typeof body.fullName === 'string' ? body.fullName : undefined);
  const target = Object.fromEntries(
    targetParams
      .filter((name) => state.params[name] !== undefined)
      .map((name) => [name, state.params[name]!]),
  );
  const answer = parsed(result);
  const made = answer
    ? Object.fromEntries(
        resultFields.flatMap((name) =>
          ['string', 'number', 'boolean'].includes(typeof answer[name])
            ? [[name, String(answer[name])]]
            : [],
        ),
      )
    : {};
  return {
    userId: caller.userId,
    at: input.at,
    action: route.id,
    request: `${route.method} ${input.path}`,
    status: result.statusCode ?? 200,
    actor: {
      login: caller.login,
      via: caller.kind,
      ...(caller.kind === 'token' && { tokenId: caller.tokenId }),
    },
    ...(repo !== undefined && { repo }),
    ...(Object.keys(target).length > 0 && { target }),
    ...(Object.keys(made).length > 0 && { result: made }),
    requestId: input.requestId,
  };
}
