import { createHash } from 'node:crypto';

/**
 * The key schema of the single table: every item type, its keys, and the access pattern it
 * serves. Secrets that identify an item (session ids) are stored only as SHA-256 hashes, so a
 * read of the table gives no one a usable credential.
 *
 * | item            | pk                      | sk        | ttl            | access pattern                          |
 * |-----------------|-------------------------|-----------|----------------|-----------------------------------------|
 * | session         | SESSION#<sha256(id)>    | SESSION   | 30 days        | cookie → session (GetItem; on a repository route, with the user and the connection once its owner is known: BatchGetItem) |
 * | oauth state     | OAUTH#<state>           | OAUTH     | 10 minutes     | callback → PKCE verifier (DeleteItem)   |
 * | user            | USER#<providerUserId>   | PROFILE   | —              | caller → login, encrypted provider tokens (with the connection: one consistent BatchGetItem) |
 * | repo reach      | USER#<providerUserId>   | REACH     | 5 minutes      | caller → repos GitHub lets them reach (GetItem); a cache |
 * | API token       | TOKEN#<tokenId>         | TOKEN     | its expiry     | bearer → scope (GetItem; on a repository route, with the user and the connection once its owner is known: BatchGetItem) |
 * |   gsi1          | USER#<userId>#TOKENS    | <createdAt>#<tokenId> |    | a user's tokens, oldest first (Query gsi1) |
 * | device code     | DEVICE#<sha256(code)>   | DEVICE    | code lifetime  | CLI poll → provider device code, last poll, minted flag, requested scope |
 * | device review   | DEVICE#USERCODE#<user code> | REVIEW | code lifetime | review page → requested scope, verification page (no secret) |
 * | connection      | REPO#<owner/name, lower> | CONNECTION | —             | repo → connected?, last config read (with the user: BatchGetItem) |
 * |   gsi1          | REPOS                   | <owner/name, lower> |      | every connection, by name (Query gsi1)  |
 * | schedule        | SCHEDULE#<id>           | SCHEDULE  | 90 days after it ends | runner → what to do, with whose access (GetItem, conditional UpdateItem) |
 * |   gsi1          | REPO#<owner/name, lower>#SCHEDULES | <at>#<id> |  | a repository's schedules by time (Query gsi1); local mode re-arms the pending ones at start |
 * | audit record    | AUDIT#REPO#<owner/name, lower>, or AUDIT#USER#<userId> outside repositories | <at>#<random> | the retention (365 days) | a repository's activity, newest first (Query) |
 * |   gsi1          | AUDIT#USER#<userId>     | <at>#<random> |           | a user's own activity, newest first (Query gsi1) |
 * | webhook         | WEBHOOK#REPO#<owner/name, lower> | HOOK#<id> | —     | a repository's subscriptions (Query: one per recorded write, to find who listens); the secret sealed |
 * | webhook delivery | WEBHOOK#<id>#DELIVERIES | <createdAt>#<deliveryId> | 30 days | a subscription's delivery log, newest first (Query); updated per attempt |
 * | parsed blob     | BLOB#<git blob sha>     | PARSED#v4 | 90 days        | list → frontmatter or problem by content, as JSON text (BatchGet); never stale (v3: TOML and JSON frontmatter read, no longer `unsupported-format`; v4: the body's first heading when there is no title) |
 * | translation status | BLOB#<default locale's blob sha> | I18N#<translation's blob sha> | 90 days | translation report → whether that translation was last changed after that default-locale file (BatchGet); never stale: a file that changes has another blob |
 * | repo head       | FRESH#<owner/name, lower> | HEAD    | —              | list → the default branch's head as last confirmed (push webhook or a read), when, whether webhooks arrive, the access epoch (with the credential: BatchGetItem) |
 * | collection tree | FRESH#<owner/name, lower> | TREE#<collection> | 7 days | list → the collection directory's entries at a head, as JSON text (with the head: BatchGetItem; Query by the push webhook) |
 * | repo seen       | FRESH#<owner/name, lower> | SEEN#<userId> | 5 minutes | list → GitHub let this user read the repository, in this access epoch (with the head: BatchGetItem) |
 * | GitHub delivery | FRESH#DELIVERY#<X-GitHub-Delivery> | DELIVERY | 3 days | push webhook → applied once (conditional PutItem) |
 * | index state     | IDX#<owner/name, lower>#<collection> | STATE | 30 days after its last build | list → is the collection's index ready for this version, where its chunks are, the build's progress (with the credential: BatchGetItem); indexer → lease and progress (conditional UpdateItem); list → asked for a build (conditional UpdateItem) |
 * | index chunk     | IDXC#<sha256 of its content> | C    | 30 days        | list → a page's items in path order, or every item (BatchGetItem); immutable, content-addressed, rewritten by a build that reuses it after 15 days |
 * | index summary   | IDXS#<sha256 of its content> | S    | 30 days        | list → every item's path, slug, sha, title and sort values, to sort and filter (BatchGetItem, once per process and version); as chunks |
 * | presence        | PRESENCE#<owner/name, lower> | <collection>/<slug>/<userId> | 90 seconds after the last heartbeat | editor → who else has this item open (Query, sk prefix `<collection>/<slug>/`); list → who has which item of a collection open (Query, prefix `<collection>/`) |
 */
export const sha256 = (value: string): string =>
  createHash('sha256').update(value).digest('base64url');

export const keys = {
  session: (sessionId: string) => ({ pk: `SESSION#${sha256(sessionId)}`, sk: 'SESSION' }),
  oauthState: (state: string) => ({ pk: `OAUTH#${state}`, sk: 'OAUTH' }),
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  repoReach: (userId: string) => ({ pk: `USER#${userId}`, sk: 'REACH' }),
  apiToken: (tokenId: string) => ({ pk: `TOKEN#${tokenId}`, sk: 'TOKEN' }),
  userTokens: (userId: string) => `USER#${userId}#TOKENS`,
  deviceCode: (deviceCode: string) => ({ pk: `DEVICE#${sha256(deviceCode)}`, sk: 'DEVICE' }),
  /** The user code is shown on screen and typed into the provider's page: not a secret, stored as is (upper case). */
  deviceReview: (userCode: string) => ({
    pk: `DEVICE#USERCODE#${userCode.toUpperCase()}`,
    sk: 'REVIEW',
  }),
  connection: (fullName: string) => ({ pk: `REPO#${fullName.toLowerCase()}`, sk: 'CONNECTION' }),
  connections: 'REPOS',
  parsedBlob: (oid: string) => ({ pk: `BLOB#${oid}`, sk: 'PARSED#v4' }),
  translationStatus: (defaultOid: string, translationOid: string) => ({
    pk: `BLOB#${defaultOid}`,
    sk: `I18N#${translationOid}`,
  }),
  schedule: (id: string) => ({ pk: `SCHEDULE#${id}`, sk: 'SCHEDULE' }),
  repoSchedules: (fullName: string) => `REPO#${fullName.toLowerCase()}#SCHEDULES`,
  /** Audit records of a repository (sk: `<at>#<random>`); each also under its actor's gsi1 partition. */
  repoActivity: (fullName: string) => ({ pk: `AUDIT#REPO#${fullName.toLowerCase()}` }),
  /** Audit records of one user (gsi1pk), and the table partition of their records outside any repository. */
  userActivity: (userId: string) => ({ pk: `AUDIT#USER#${userId}` }),
  /** A repository's webhook subscriptions (sk: `HOOK#<id>`). */
  repoWebhooks: (fullName: string) => `WEBHOOK#REPO#${fullName.toLowerCase()}`,
  webhook: (fullName: string, id: string) => ({
    pk: `WEBHOOK#REPO#${fullName.toLowerCase()}`,
    sk: `HOOK#${id}`,
  }),
  /** A subscription's deliveries (sk: `<createdAt>#<deliveryId>`). */
  webhookDeliveries: (id: string) => `WEBHOOK#${id}#DELIVERIES`,
  /** What a warm list needs to answer without GitHub (shared/freshness/repo-freshness.ts). */
  repoHead: (fullName: string) => ({ pk: `FRESH#${fullName.toLowerCase()}`, sk: 'HEAD' }),
  collectionTrees: (fullName: string) => `FRESH#${fullName.toLowerCase()}`,
  collectionTree: (fullName: string, collection: string) => ({
    pk: `FRESH#${fullName.toLowerCase()}`,
    sk: `TREE#${collection}`,
  }),
  repoSeen: (fullName: string, userId: string) => ({
    pk: `FRESH#${fullName.toLowerCase()}`,
    sk: `SEEN#${userId}`,
  }),
  /** A GitHub webhook delivery already applied (its X-GitHub-Delivery id). */
  githubDelivery: (deliveryId: string) => ({ pk: `FRESH#DELIVERY#${deliveryId}`, sk: 'DELIVERY' }),
  /** A collection's index (shared/content/collection-index/): its state, and its chunks by content hash. */
  collectionIndex: (fullName: string, collection: string) => ({
    pk: `IDX#${fullName.toLowerCase()}#${collection}`,
    sk: 'STATE',
  }),
  indexChunk: (id: string) => ({ pk: `IDXC#${id}`, sk: 'C' }),
  indexSummary: (id: string) => ({ pk: `IDXS#${id}`, sk: 'S' }),
  /** Who has a repository's items open (shared/presence/): sk `<collection>/<slug>/<userId>`; neither a collection name nor a slug holds `/`. */
  presence: (fullName: string) => `PRESENCE#${fullName.toLowerCase()}`,
  presenceOf: (fullName: string, collection: string, slug: string, userId: string) => ({
    pk: `PRESENCE#${fullName.toLowerCase()}`,
    sk: `${collection}/${slug}/${userId}`,
  }),
};

/**
 * Each item family's partition keys (table pk and gsi1 pk) as IAM `dynamodb:LeadingKeys`
 * patterns, `*` matching anything. The stack restricts each function to the families its group
 * uses (infra/aws/group-needs.ts); a test checks every key above against its family.
 */
export const keyFamilies = {
  session: ['SESSION#*'],
  oauthState: ['OAUTH#*'],
  /** The profile and the repo-reach cache. */
  user: ['USER#*'],
  /** The token, and a user's tokens in gsi1. */
  apiToken: ['TOKEN#*', 'USER#*#TOKENS'],
  /** Device codes and their review records. */
  device: ['DEVICE#*'],
  /** A connection, and every connection in gsi1. */
  connection: ['REPO#*', 'REPOS'],
  parsedBlob: ['BLOB#*'],
  /** A schedule, and a repository's schedules in gsi1. */
  schedule: ['SCHEDULE#*', 'REPO#*#SCHEDULES'],
  /** Audit records: a repository's, and a user's (table partition and gsi1). */
  activity: ['AUDIT#*'],
  /** Webhook subscriptions of a repository, and each one's delivery log. */
  webhook: ['WEBHOOK#*'],
  /** A repository's confirmed head, cached collection trees and access marks; applied GitHub deliveries. */
  freshness: ['FRESH#*'],
  /** A collection index's state (its version, progress, lease, chunk list). */
  indexState: ['IDX#*'],
  /** Collection indexes' data and summary chunks (content-addressed, immutable). */
  indexChunks: ['IDXC#*', 'IDXS#*'],
  /** Who has which item open (heartbeats that expire by themselves). */
  presence: ['PRESENCE#*'],
} as const satisfies Record<string, readonly string[]>;
export type KeyFamily = keyof typeof keyFamilies;
