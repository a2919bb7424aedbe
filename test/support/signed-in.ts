import { expect } from 'vitest';
import { apiClient, type ApiClient, type Credentials } from './api-client';
import { startTestService, type TestService, type TestServiceOptions } from './local-service';
import { createTeamRepo } from './team-repo';

type TeamRepo = Parameters<typeof createTeamRepo>[3];
type TokenInput = Parameters<ApiClient['createToken']>[1];

/** What an integration test starts from; every part is optional. */
export interface SignedInOptions<User extends string = string> {
  /** Passed to the local service (index settings, sites, latency…). */
  service?: TestServiceOptions;
  /** Signed in in this order; the first is the caller of `session`, `api`-less helpers and `tokenApi`. */
  users?: readonly User[];
  /**
   * Runs after the sign-ins and before any repository is connected: repositories and commits
   * made on the local host (`service.github`).
   */
  seed?: (service: TestService) => Promise<void>;
  /** Connected by the first user, in order (each must answer 201); `demo/blog` when absent. */
  repos?: string[];
  /** Repositories of demo's with collaborators in roles, made and connected after `repos` (team-repo.ts). */
  teamRepos?: TeamRepo[];
}

export interface SignedIn<User extends string = string> {
  service: TestService;
  /** A client with no credentials of its own: every call says who it is. */
  api: ApiClient;
  /** The first user's `cms_session` cookie value. */
  session: string;
  /** Every user's `cms_session`, by login. */
  sessions: Record<User, string>;
  /** The first repository connected (`demo/blog` by default), as `owner/name`. */
  repo: string;
  /** A client that calls as `login`'s session unless a call gives its own credentials. */
  as(login: User): ApiClient;
  /** Creates an API token as the first user; its client calls with the token unless told otherwise. */
  tokenApi(input: TokenInput): Promise<{ api: ApiClient; token: string; tokenId: string }>;
  /** Stops the service and removes its data. */
  close(): Promise<void>;
}

/** A client whose calls without credentials use `defaults`. */
function callingAs(api: ApiClient, defaults: Credentials): ApiClient {
  return {
    ...api,
    call: (method, path, credentials, body) =>
      api.call(method, path, credentials ?? defaults, body),
    get: (path, credentials) => api.get(path, credentials ?? defaults),
    post: (path, body, credentials) => api.post(path, body, credentials ?? defaults),
    put: (path, body, credentials) => api.put(path, body, credentials ?? defaults),
    delete: (path, credentials) => api.delete(path, credentials ?? defaults),
  };
}

/**
 * One local service (one gateway, one dynalite, one local GitHub host) with users signed in
 * through the real OAuth pages and repositories connected: the setup most integration files
 * share. Call it once per file in `beforeAll` and `close` it in `afterAll`; it starts exactly
 * one service, so sharing it costs nothing over hand-written setup.
 */
export async function signedInService<const User extends string = 'demo'>(
  options: SignedInOptions<User> = {},
): Promise<SignedIn<User>> {
  const service = await startTestService(options.service);
  try {
    const api = apiClient(service.url);
    const users: readonly string[] = options.users ?? ['demo'];
    const sessions = {} as Record<User, string>;
    // One after another, as a person would: the users' records are made in this order.
    for (const login of users) sessions[login as User] = await api.signIn(login);
    const session = sessions[users[0] as User];
    await options.seed?.(service);
    const repos = options.repos ?? ['demo/blog'];
    for (const fullName of repos)
      expect((await api.post('/api/repos', { fullName }, { session })).status, fullName).toBe(201);
    const team: string[] = [];
    for (const input of options.teamRepos ?? [])
      team.push(await createTeamRepo(service, api, session, input));
    return {
      service,
      api,
      session,
      sessions,
      repo: repos[0] ?? team[0] ?? '',
      as: (login) => {
        const known = sessions[login] as string | undefined;
        if (!known) throw new Error(`${login} is not signed in (users: ${users.join(', ')})`);
        return callingAs(api, { session: known });
      },
      async tokenApi(input) {
        const { token, tokenId } = await api.createToken(session, input);
        return { api: callingAs(api, { token }), token, tokenId };
      },
      close: () => service.stop(),
    };
  } catch (error) {
    await service.stop();
    throw error;
  }
}
