import { encryptionPurposes } from '../../shared/ports/key-provider';
import type { Group } from '../../shared/http/route-def';
import type { AnyRoute } from '../../shared/routes';
import { keyFamilies, type KeyFamily } from '../../shared/store/keys';
import type { tableActions } from './cms-function';

/** The encryption-context purposes the domain seals under (`shared/auth/*`). */
export const purposes = encryptionPurposes;

/**
 * What each endpoint group's function may touch, beyond PUBLIC_URL, which every group gets. The
 * stack turns each entry into environment variables plus the matching grants, and nothing more:
 * adding a group to the route table is adding its entry here (the compiler asks for it).
 */
export interface GroupNeeds {
  /** Store access: `read` (GetItem, BatchGetItem, Query) or `readWrite` (also Put/Update/Delete/BatchWriteItem). */
  table?: keyof typeof tableActions;
  /**
   * The item families (shared/store/keys.ts) its wiring reads or writes: the table grant is
   * limited to their partition keys (`dynamodb:LeadingKeys`). Callers' sessions and API tokens
   * come with `callerDeps` (functions/wire-base.ts); the rest follows each wire.ts.
   */
  items?: readonly KeyFamily[];
  /** Envelope purposes this group seals or opens under the KMS key. */
  keyPurposes?: readonly string[];
  /** Reads the API-token HMAC key (anything that verifies or mints API tokens). */
  tokenHmacKey?: boolean;
  /** Reads the GitHub App credentials and talks to GitHub (or GHES). */
  github?: boolean;
  /** Reads the GitHub App secret only to report whether it is filled in (health's readiness). */
  checksGitHubApp?: boolean;
  /** Stages media uploads and large reads in the uploads bucket (infra/aws/uploads-bucket.ts). */
  uploads?: boolean;
  /** Creates, moves and deletes one-time EventBridge schedules that invoke the scheduler function (infra/aws/scheduler.ts). */
  armsSchedules?: boolean;
  /** Makes webhook deliveries itself (the test delivery): the deployment's private-address allowances. */
  sendsWebhooks?: boolean;
  /** Asks for collection index builds (infra/aws/collection-indexing.ts): lists, connections, push webhooks. */
  queuesIndexBuilds?: boolean;
}

/** Whether a group's function may queue webhook deliveries: those writing the audit log (the write path's enqueue). */
export const queuesWebhooks = (needs: GroupNeeds): boolean =>
  needs.items?.some((family) => family === 'activity') ?? false;

/** The groups that have rows in the route table; each must have an entry below. */
export type TableGroup = AnyRoute['group'];

/** Groups acting for a signed-in user on GitHub: their provider token, API tokens, the App. */
const actsOnGitHub = {
  table: 'readWrite',
  keyPurposes: [purposes.providerToken],
  tokenHmacKey: true,
  github: true,
} as const satisfies GroupNeeds;

/**
 * What resolving callers reads and writes (sessions, API tokens), the audit log their writes go
 * to, the webhook subscriptions each recorded write is checked against (its deliveries are
 * logged pending and queued), and the repository's recorded head each write forgets: `callerDeps`. A group with the audit log may send to the webhook queue.
 */
const callers = [
  'session',
  'apiToken',
  'activity',
  'webhook',
  'freshness',
] as const satisfies readonly KeyFamily[];

export const groupNeeds: { readonly [G in TableGroup]: GroupNeeds } & {
  readonly [G in Group]?: GroupNeeds;
} = {
  health: { checksGitHubApp: true },
  session: { ...actsOnGitHub, items: [...callers, 'oauthState', 'user'] },
  tokens: { table: 'readWrite', tokenHmacKey: true, items: callers },
  // Open routes, no callers: device codes, the user's provider token, the API token minted at the end.
  device: {
    table: 'readWrite',
    keyPurposes: [purposes.deviceCode, purposes.providerToken],
    tokenHmacKey: true,
    github: true,
    items: ['device', 'user', 'apiToken'],
  },
  // Provider access and repo reach live under USER#.
  // Connecting a repository asks for its collections' indexes.
  repos: { ...actsOnGitHub, items: [...callers, 'user', 'connection'], queuesIndexBuilds: true },
  // Lists read collection indexes (state and chunks) and ask for builds (the state's `wanted*`).
  // Presence: the editor's heartbeats, beside the collection reads they check against.
  content: {
    ...actsOnGitHub,
    items: [
      ...callers,
      'user',
      'connection',
      'parsedBlob',
      'indexState',
      'indexChunks',
      'presence',
    ],
    queuesIndexBuilds: true,
  },
  pulls: { ...actsOnGitHub, items: [...callers, 'user', 'connection'] },
  // Media files: uploads and large reads go through the staging bucket (infra/aws/uploads-bucket.ts).
  media: { ...actsOnGitHub, items: [...callers, 'user', 'connection'], uploads: true },
  // Schedules: checks with the caller's access what the run will need, then arms the timer.
  schedules: {
    ...actsOnGitHub,
    items: [...callers, 'user', 'connection', 'parsedBlob', 'schedule'],
    armsSchedules: true,
  },
  // The audit log, read; the repository's check asks GitHub with the caller's token.
  activity: { ...actsOnGitHub, items: [...callers, 'user', 'connection'] },
  // Webhook subscriptions (secrets sealed under their own purpose), the test delivery, the log; GitHub for push access.
  // A push into a collection asks for its index (after reading the collections' index states).
  webhooks: {
    ...actsOnGitHub,
    keyPurposes: [purposes.providerToken, purposes.webhookSecret],
    items: [...callers, 'user', 'connection', 'indexState'],
    sendsWebhooks: true,
    queuesIndexBuilds: true,
  },
};

/**
 * The scheduler function (not an HTTP group): runs a due schedule as the user who set it, so it
 * reads their provider token and the API token that set it, the connection, and writes content.
 */
export const schedulerNeeds = {
  table: 'readWrite',
  keyPurposes: [purposes.providerToken],
  github: true,
  items: [
    'user',
    'apiToken',
    'connection',
    'parsedBlob',
    'schedule',
    'activity',
    'webhook',
    'freshness',
  ],
} as const satisfies GroupNeeds;

/**
 * The webhook sender (not an HTTP group; an SQS consumer): reads a subscription and opens its
 * secret, updates the delivery log, re-queues a failed attempt and dead-letters the last.
 */
export const webhookSenderNeeds = {
  table: 'readWrite',
  keyPurposes: [purposes.webhookSecret],
  items: ['webhook'],
} as const satisfies GroupNeeds;

/**
 * The indexer (not an HTTP group; an SQS consumer): builds collection indexes with the app's
 * installation token, reading the connection's config and the parsed-frontmatter cache, writing
 * chunks and the index state.
 */
export const indexerNeeds = {
  table: 'readWrite',
  github: true,
  items: ['connection', 'parsedBlob', 'indexState', 'indexChunks'],
  queuesIndexBuilds: true,
} as const satisfies GroupNeeds;

/** The `dynamodb:LeadingKeys` patterns of a route group's table grant (`leadingKeysFor`). */
export function leadingKeysOf(group: TableGroup): readonly string[] | undefined {
  return leadingKeysFor(groupNeeds[group]);
}

/**
 * The `dynamodb:LeadingKeys` patterns of a function's table grant: its families' partition keys;
 * none for a function without table access, undefined (the whole table) for one that names no families.
 */
export function leadingKeysFor(needs: GroupNeeds): readonly string[] | undefined {
  if (!needs.table) return [];
  return needs.items?.flatMap((family) => keyFamilies[family]);
}
