import type { Connection, Connections } from '../repos/connections';
import type { IndexRequests } from '../content/collection-index/index-requests';
import { pullCheckJobOf } from '../checks/pull-check-events';
import type { PullCheckQueue } from '../ports/index-queue';
import { indexStateKeys, stateOf } from '../content/collection-index/index-state';
import { keys } from '../store/keys';
import { ConditionFailedError, nowSeconds, type Store } from '../ports/store';
import { cmsConfigFileName } from '../content/config-schema';
import { forgottenHead, headOf, ignoreRace, newStamp, sameStamp } from './repo-freshness';

/** Delivery ids are remembered this long: GitHub lets an operator redeliver the last 3 days. */
const deliveryMemorySeconds = 3 * 24 * 60 * 60;

/** GitHub lists at most this many commits in a push; a push listing this many may have had more. */
const maxListedCommits = 2048;

/**
 * A commit listing this many paths may have had its list cut short (GitHub's diffs stop at 3,000
 * files; a webhook's limit is not documented): its trees are read again rather than carried.
 */
const maxTrustedPathsPerCommit = 1000;

/** What the service did with a delivery (the answer's `outcome`). */
export type EventOutcome = 'applied' | 'duplicate' | 'not-connected' | 'ignored';

interface PushPayload {
  ref?: unknown;
  before?: unknown;
  after?: unknown;
  created?: unknown;
  deleted?: unknown;
  forced?: unknown;
  commits?: unknown;
  repository?: { full_name?: unknown; default_branch?: unknown } | null;
}

type Payload = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;
const repoName = (value: unknown): string | undefined =>
  text((value as { full_name?: unknown } | null | undefined)?.full_name);

/** Every path a push's listed commits added, removed or modified; undefined when the list cannot be complete. */
function changedPaths(push: PushPayload): Set<string> | undefined {
  if (!Array.isArray(push.commits) || push.commits.length >= maxListedCommits) return undefined;
  const paths = new Set<string>();
  for (const commit of push.commits as Record<string, unknown>[]) {
    const lists = ['added', 'removed', 'modified'].map((field) => commit?.[field]);
    if (
      !lists.every(Array.isArray) ||
      lists.reduce((sum, list) => sum + (list as unknown[]).length, 0) >= maxTrustedPathsPerCommit
    )
      return undefined;
    for (const list of lists as unknown[][])
      for (const path of list) if (typeof path === 'string') paths.add(path);
  }
  return paths;
}

const touches = (paths: Set<string>, dir: string): boolean => {
  const prefix = dir.replace(/^\.?\/+|\/+$/g, '');
  if (prefix === '' || prefix === '.') return paths.size > 0;
  for (const path of paths) if (path === prefix || path.startsWith(`${prefix}/`)) return true;
  return false;
};

export interface GitHubEventsDeps {
  store: Pick<Store, 'get' | 'put' | 'update' | 'delete' | 'query' | 'batchGet'>;
  connections: Pick<Connections, 'get' | 'list'>;
  now: () => number;
  /** Queues index builds of the collections a push changed (shared/content/collection-index/). */
  indexRequests?: Pick<IndexRequests, 'queue'>;
  /** Where pull requests' content checks wait (shared/checks/pull-check.ts); absent, none is run. */
  pullChecks?: PullCheckQueue;
}

/**
 * Applies GitHub App webhook deliveries, already verified, to what a warm list trusts
 * (repo-freshness.ts). Each delivery id is applied once.
 * - `push` to the default branch of a connected repository: the recorded head moves from `before`
 *   to `after` when it was `before` (deliveries may arrive out of order: anything else forgets the
 *   head, and the next list reads GitHub). Collection trees the push's listed changes do not
 *   touch move along with it, so they stay warm; a change to `cms.config.json`, a force push or
 *   an incomplete commit list moves none. A push to another branch only shows webhooks arrive.
 * - Events that may take someone's access away (`member`, `team`, `membership`, `organization`,
 *   `repository`, `installation`, `installation_repositories`): the repositories' access epoch
 *   changes, so every user's next list asks GitHub again. A `repository` event (it may have
 *   changed the default branch) also forgets the head.
 * - `pull_request` and `check_suite` events that give a pull request of a connected repository a
 *   head to check (pull-check-events.ts): the check is queued, to run after the answer.
 */
export function createGitHubEvents(deps: GitHubEventsDeps) {
  /** The connected repositories an event names (by full name, or all of an organisation's). */
  async function connectedOf(names: string[], owner?: string): Promise<Connection[]> {
    if (owner) {
      const prefix = `${owner.toLowerCase()}/`;
      return (await deps.connections.list()).filter((connection) =>
        connection.fullName.toLowerCase().startsWith(prefix),
      );
    }
    const found = await Promise.all(names.map((name) => deps.connections.get(name)));
    return found.flatMap((connection) => (connection ? [connection] : []));
  }

  /**
   * A push to the default branch that may have changed collections (their directories or the
   * config; every collection when its list of paths cannot be complete): their indexes are built
   * again, those that have one (a collection listed inline has none to keep).
   */
  async function rebuildIndexes(payload: PushPayload, connection: Connection): Promise<void> {
    if (!deps.indexRequests) return;
    const paths = payload.forced === true ? undefined : changedPaths(payload);
    const all = !paths || paths.has(cmsConfigFileName);
    const touched = Object.entries(connection.config.collections)
      .filter(([, collection]) => all || touches(paths, collection.directory))
      .map(([name]) => name);
    if (touched.length === 0) return;
    const states = await deps.store.batchGet(
      touched.flatMap((name) => indexStateKeys(connection.fullName, name)),
    );
    const indexed = touched.filter((name) =>
      states.some(
        (item) =>
          item.pk === keys.collectionIndex(connection.fullName, name).pk &&
          stateOf(item)?.status !== 'inline',
      ),
    );
    await deps.indexRequests.queue(connection.fullName, indexed);
  }

  async function push(payload: PushPayload, connection: Connection): Promise<void> {
    const fullName = connection.fullName;
    const now = deps.now();
    const headKey = keys.repoHead(fullName);
    const branch = text(payload.repository?.default_branch);
    if (!branch || payload.ref !== `refs/heads/${branch}`) {
      await deps.store.update(headKey, { webhookAt: now, deliveredAt: now });
      return;
    }
    const head = headOf(await deps.store.get(headKey));
    const before = text(payload.before);
    const after = text(payload.after);
    const plain =
      payload.created !== true &&
      payload.deleted !== true &&
      payload.forced !== true &&
      before !== undefined &&
      after !== undefined;
    await rebuildIndexes(payload, connection);
    if (plain && head?.headOid === before) {
      try {
        await deps.store.update(
          headKey,
          {
            headOid: after,
            branch,
            confirmedAt: now,
            webhookAt: now,
            deliveredAt: now,
            stamp: newStamp(),
          },
          sameStamp(head),
        );
      } catch (error) {
        if (!(error instanceof ConditionFailedError)) throw error;
        await forgetHead(fullName, now);
        return;
      }
      await carryTrees({ fullName, before, after, paths: changedPaths(payload) });
      return;
    }
    await forgetHead(fullName, now);
  }

  const forgetHead = (fullName: string, now: number) =>
    deps.store.update(keys.repoHead(fullName), {
      ...forgottenHead(),
      webhookAt: now,
      deliveredAt: now,
    });

  /** Trees recorded at `before` that the push did not touch are the same at `after`. */
  async function carryTrees({
    fullName,
    before,
    after,
    paths,
  }: {
    fullName: string;
    before: string;
    after: string;
    paths: Set<string> | undefined;
  }): Promise<void> {
    if (!paths || paths.has(cmsConfigFileName)) return;
    const trees = await deps.store.query(keys.collectionTrees(fullName), { skPrefix: 'TREE#' });
    await Promise.all(
      trees
        .filter(
          (tree) =>
            tree.headOid === before && typeof tree.path === 'string' && !touches(paths, tree.path),
        )
        .map((tree) =>
          ignoreRace(
            deps.store.update(
              { pk: tree.pk, sk: tree.sk },
              { headOid: after },
              { attr: 'headOid', op: '=', value: before },
            ),
          ),
        ),
    );
  }

  /** A new access epoch; a `repository` event (renamed, transferred, default branch changed…) also forgets the head. */
  async function newEpoch(fullNames: string[], forget: boolean): Promise<void> {
    const set = forget ? { ...forgottenHead(), epoch: newStamp() } : { epoch: newStamp() };
    await Promise.all(
      fullNames.map((fullName) =>
        ignoreRace(deps.store.update(keys.repoHead(fullName), set, { exists: true })),
      ),
    );
  }

  /** The repositories whose access an event may have narrowed, by name or by owner. */
  function accessScope(
    event: string,
    payload: Payload,
  ): { names: string[]; owner?: string } | undefined {
    const action = text(payload.action);
    const repo = repoName(payload.repository);
    const list = (value: unknown) =>
      Array.isArray(value)
        ? value.map(repoName).filter((name): name is string => name !== undefined)
        : [];
    switch (event) {
      case 'member':
      case 'team':
      case 'repository':
        return repo ? { names: [repo] } : event === 'team' ? ownerScope(payload) : undefined;
      case 'installation_repositories':
        return { names: list(payload.repositories_removed) };
      case 'installation':
        return action === 'deleted' || action === 'suspend'
          ? { names: list(payload.repositories) }
          : undefined;
      case 'organization':
      case 'membership':
        return action === 'member_removed' || action === 'removed'
          ? ownerScope(payload)
          : undefined;
      default:
        return undefined;
    }
  }

  const ownerScope = (payload: Payload) => {
    const login = text((payload.organization as { login?: unknown } | undefined)?.login);
    return login ? { names: [], owner: login } : undefined;
  };

  return {
    async apply(event: string, deliveryId: string, payload: Payload): Promise<EventOutcome> {
      const check = deps.pullChecks && pullCheckJobOf(event, payload);
      const scope = event === 'push' || check ? undefined : accessScope(event, payload);
      const pushed = event === 'push' ? repoName(payload.repository) : check?.repo;
      if (!scope && !pushed) return 'ignored';
      const connected = pushed
        ? await connectedOf([pushed])
        : await connectedOf(scope!.names, scope!.owner);
      if (connected.length === 0) return 'not-connected';
      const repos = connected.map((connection) => connection.fullName);
      try {
        await deps.store.put(
          {
            ...keys.githubDelivery(deliveryId),
            event,
            ttl: nowSeconds(deps.now()) + deliveryMemorySeconds,
          },
          { notExists: true },
        );
      } catch (error) {
        if (error instanceof ConditionFailedError) return 'duplicate';
        throw error;
      }
      try {
        if (check) await deps.pullChecks!.send({ ...check, repo: connected[0]!.fullName }, 0);
        else if (pushed) await push(payload as PushPayload, connected[0]!);
        else await newEpoch(repos, event === 'repository');
      } catch (error) {
        // Not applied: GitHub's redelivery of the same id must be applied then.
        await deps.store.delete(keys.githubDelivery(deliveryId));
        throw error;
      }
      return 'applied';
    },
  };
}

export type GitHubEvents = ReturnType<typeof createGitHubEvents>;
