import { findUser, type Caller } from './access';
import { walkRange, type WalkedCommit } from './commit-walk';
import type { HostContext } from './context';
import { parseCommit, readObjects } from './git-objects';
import { isAncestor, ZERO_SHA } from './git-refs';
import type { RefMove } from './ref-moves';
import { repository, simpleUser } from './rest-shapes';
import type { InstallationRecord, RepoRecord, UserRecord } from './state';
import { diffTreesInProcess } from './tree-diff';

/**
 * The `push` event's payload, shaped as GitHub documents it ("Webhook events and payloads → push").
 * Built after the request that moved the ref, from objects read through the cached reader (no git
 * process but for a range too long to walk). `commits` lists `before..after`, oldest first, at most
 * 2048; it is empty for a created ref (GitHub lists the commits new to the repository there) and a
 * deleted one. Changed paths of a commit are against its first parent, without rename detection.
 */

export const MAX_PUSH_COMMITS = 2048;

const noreply = (id: number, login: string) => `${id}+${login}@users.noreply.github.com`;

/** The app's bot user as webhooks show it (GitHub gives bots their own user ids). */
function botUser(ctx: HostContext) {
  const app = ctx.state.app;
  const login = `${app.slug}[bot]`;
  const owner = findUser(ctx, app.ownerLogin);
  const base = owner ? simpleUser(ctx, owner) : undefined;
  return {
    ...base,
    login,
    id: app.id,
    node_id: Buffer.from(`03:Bot${app.id}`).toString('base64'),
    html_url: `${ctx.webUrl}/apps/${app.slug}`,
    url: `${ctx.apiUrl}/users/${encodeURIComponent(login)}`,
    type: 'Bot',
  };
}

/** sender: the caller when a user; the app's bot when an installation; else the app's owner. */
export function senderOf(
  ctx: HostContext,
  actor: Caller | undefined,
): {
  shape: ReturnType<typeof simpleUser> | ReturnType<typeof botUser>;
  pusher: { name: string; email: string | null } | null;
} {
  if (actor?.kind === 'user') {
    const user = findUser(ctx, actor.login);
    if (user)
      return {
        shape: simpleUser(ctx, user),
        pusher: { name: user.login, email: user.email ?? noreply(user.id, user.login) },
      };
  }
  if (actor?.kind === 'installation' || actor?.kind === 'app') {
    const bot = botUser(ctx);
    // A bot's noreply address (`id+slug[bot]@…`) is no valid email by the schema's rule; the payload allows null.
    return { shape: bot, pusher: { name: bot.login, email: null } };
  }
  const owner = findUser(ctx, ctx.state.app.ownerLogin);
  return owner
    ? { shape: simpleUser(ctx, owner), pusher: null }
    : { shape: botUser(ctx), pusher: null };
}

function usernameFor(ctx: HostContext, email: string): string | undefined {
  const lower = email.toLowerCase();
  const match = /^(?:\d+\+)?([^@]+)@users\.noreply\./.exec(lower);
  const user = ctx.state.users.find(
    (candidate) =>
      candidate.email?.toLowerCase() === lower ||
      (match && candidate.login.toLowerCase() === match[1]),
  );
  return user?.login;
}

/** The `repository` object of a webhook: the REST shape, with push events' epoch-second dates and extra fields. */
export function webhookRepository(ctx: HostContext, repo: RepoRecord, owner: UserRecord) {
  const shape = repository(ctx, repo, owner, null);
  const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  return {
    ...shape,
    owner: { ...shape.owner, name: owner.name || owner.login, email: owner.email },
    created_at: epoch(repo.createdAt),
    pushed_at: epoch(repo.pushedAt),
    stargazers: 0,
    master_branch: repo.defaultBranch,
  };
}

async function commitShape(
  ctx: HostContext,
  gitDir: string,
  repo: RepoRecord,
  commit: WalkedCommit,
) {
  const parent = commit.parents[0];
  let parentTree: string | null = null;
  if (parent) {
    const [object] = await readObjects(gitDir, [parent]);
    parentTree = object?.type === 'commit' ? parseCommit(object.content).tree : null;
  }
  const files = await diffTreesInProcess(gitDir, parentTree, commit.tree);
  const person = (who: WalkedCommit['author']) => {
    const username = usernameFor(ctx, who.email);
    return { name: who.name, email: who.email, ...(username ? { username } : {}) };
  };
  return {
    id: commit.sha,
    tree_id: commit.tree,
    distinct: true,
    message: commit.message.replace(/\n+$/, ''),
    timestamp: commit.committer.date,
    url: `${ctx.webUrl}/${repo.owner}/${repo.name}/commit/${commit.sha}`,
    author: person(commit.author),
    committer: person(commit.committer),
    added: files.added,
    removed: files.removed,
    modified: files.modified,
  };
}

/** The commit a ref holds (an annotated tag peeled), or null. */
export async function commitAt(gitDir: string, sha: string): Promise<WalkedCommit | null> {
  const [object] = await readObjects(gitDir, [`${sha}^{commit}`]);
  return object?.type === 'commit' ? { sha: object.oid, ...parseCommit(object.content) } : null;
}

/** The `installation` object of an App's webhook. */
export const installationRef = (installation: InstallationRecord) => ({
  id: installation.id,
  node_id: Buffer.from(`023:IntegrationInstallation${installation.id}`).toString('base64'),
});

export async function pushPayload(
  ctx: HostContext,
  move: RefMove,
  repo: RepoRecord,
  installation: InstallationRecord,
) {
  const owner = findUser(ctx, repo.owner);
  if (!owner) throw new Error(`Repository ${repo.name} has no owner ${repo.owner}`);
  const { gitDir, ref } = move;
  const before = move.before ?? ZERO_SHA;
  const after = move.after ?? ZERO_SHA;
  const created = move.before === null;
  const deleted = move.after === null;
  let commits: WalkedCommit[] = [];
  let forced = false;
  const head = deleted ? null : await commitAt(gitDir, after);
  if (!created && !deleted && head) {
    const base = await commitAt(gitDir, before);
    const range = base
      ? await walkRange(gitDir, base.sha, head.sha, MAX_PUSH_COMMITS)
      : { commits: [head], fastForward: false };
    commits = range.commits;
    forced = !(range.fastForward ?? (await isAncestor(gitDir, before, after)));
  }
  const sender = senderOf(ctx, move.actor);
  const pusher: { name: string; email: string | null } =
    sender.pusher ??
    (head
      ? { name: head.committer.name, email: head.committer.email }
      : { name: sender.shape.login, email: null });
  const full = `${repo.owner}/${repo.name}`;
  const short = (sha: string) => sha.slice(0, 12);
  const compare = created
    ? `${ctx.webUrl}/${full}/compare/${ref.replace(/^refs\/(heads|tags)\//, '')}`
    : `${ctx.webUrl}/${full}/compare/${short(before)}...${short(after)}`;
  const shaped = await Promise.all(commits.map((commit) => commitShape(ctx, gitDir, repo, commit)));
  return {
    ref,
    before,
    after,
    repository: webhookRepository(ctx, repo, owner),
    pusher,
    sender: sender.shape,
    installation: installationRef(installation),
    created,
    deleted,
    forced,
    base_ref: null,
    compare,
    commits: shaped,
    head_commit: head
      ? (shaped.find((commit) => commit.id === head.sha) ??
        (await commitShape(ctx, gitDir, repo, head)))
      : null,
  };
}
