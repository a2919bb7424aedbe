import type * as z from 'zod/mini';

import type { Permission } from '../auth/permissions';

export const groups = [
  'health',
  'session',
  'device',
  'repos',
  'content',
  'pulls',
  'tokens',
  'media',
  'schedules',
  'activity',
  'webhooks',
] as const;
export type Group = (typeof groups)[number];

/**
 * Who may call a route: nobody needs to sign in (`none`), only a browser session (`session`),
 * any signed-in caller (`authenticated`), or a session or an API token holding the permission (a
 * list: every one of them, e.g. a rename both writes and deletes).
 */
export type Access = 'none' | 'session' | 'authenticated' | Permission | readonly Permission[];

/** The permissions an API token needs for `access` (all of them); undefined when none is asked. */
export function permissionsOf(access: Access): readonly Permission[] | undefined {
  if (access === 'none' || access === 'session' || access === 'authenticated') return undefined;
  return typeof access === 'string' ? [access] : access;
}

/**
 * The role on GitHub a route itself demands of the caller on `{repo}` (an API token: of the user who
 * made it), read from what GitHub reports and refused with a 403 naming it: `write`, `maintain`
 * (maintain or admin), or `setter or admin` (a record's setter, who needs write, or an admin).
 */
export type GitHubRoleRule = 'write' | 'maintain' | 'setter or admin';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How tightly API Gateway throttles a route (infra/aws/api-protection.ts). Absent: the stage's
 * limit, shared by every route (`throttling.rateLimit`), which an office of editors opening the
 * editor at once must fit in. `credential`: a route that starts a sign-in or mints a credential
 * (OAuth state, a device code, an API token), each request writing state or calling GitHub, which
 * nobody needs often and an attacker would hammer: its own, tighter limit
 * (`throttling.authRateLimit`). Over either, API Gateway answers 429 itself.
 */
export type ThrottleClass = 'credential';

export interface ResponseDef {
  description: string;
  /** JSON body schema; absent for bodiless answers such as redirects. */
  schema?: z.ZodMiniType;
  /** An HTML page for a person (text/html), instead of a JSON body. */
  html?: true;
  /** Raw bytes (a media file) whose Content-Type the answer's headers give, instead of a JSON body. */
  binary?: true;
  /** The Content-Types a `binary` answer may carry, each a media type of the document. */
  contentTypes?: readonly string[];
  /** Response headers the route sets, by name. */
  headers?: Record<string, HeaderDef>;
}

/** A response header: `required` when every such answer carries it. */
export interface HeaderDef {
  description: string;
  type: 'integer' | 'string';
  required?: true;
}

export interface RouteDef {
  id: string;
  method: Method;
  /** Path template: `{name}` is one segment; `{repo}` is `owner/name` (two segments, or one with `%2F`). */
  path: string;
  group: Group;
  access: Access;
  /**
   * Absent: GitHub alone decides, on each call the route makes with the caller's own token (and
   * every route meets those checks anyway).
   */
  githubRole?: GitHubRoleRule;
  /** What the operation does, in a few words (at most 80 characters): the title tools list it under. */
  summary: string;
  /** What it does in full, in Markdown: the OpenAPI description, followed by who may call it. */
  description: string;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The body may be left out entirely (no bytes): the route then sees `undefined`. */
  bodyOptional?: true;
  /**
   * The body is signed: its exact bytes go to the group's `verifyRawBody` before they are parsed
   * (a forged body is refused for its signature, not for its content), and the route sees them too.
   */
  rawBody?: true;
  /**
   * What the route reads next besides the user and the connection, read with the caller's
   * credential in the same request to the table: `collectionTree`, the records that let a list
   * answer without GitHub (shared/freshness/repo-freshness.ts) and its collection's index state
   * (shared/content/collection-index/index-state.ts).
   */
  readAhead?: 'collectionTree';
  /**
   * Whether an answered request by a signed-in caller leaves an audit record (recordActivity,
   * activity-entry.ts). Absent: every route that may change something records (all but GET, and
   * not the open sign-in flows, whose requests the request log has); reads do not. `false` on a
   * write a client repeats by design and that changes nothing anyone shares (a presence
   * heartbeat, every 30 s per open editor): the request log still has each one.
   */
  activity?: boolean;
  /** Its throttle on AWS (ThrottleClass); absent, the stage's. */
  throttle?: ThrottleClass;
  responses: Record<number, ResponseDef>;
}
