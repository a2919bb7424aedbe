import { randomBytes } from 'node:crypto';
import type { RepoId } from '../../shared/ports/git-host';
import type { PullInfo } from '../../shared/ports/pull-host';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../../shared/errors';
import { createObjectStore, type FileChange, type Tree } from './memory-git';

/**
 * The hosting provider in memory: users and their tokens, repositories (branches over an object
 * store), pull requests and comments. The fake GitHost and PullHost are two views of one
 * provider, as the GitHub adapters are two views of one GitHub. Access follows GitHub's rule for
 * user-to-server tokens: the user must reach the repository AND the app must be installed on it.
 */
export type RepoRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read';

export interface MemoryUser {
  id: number;
  login: string;
  name: string | null;
}

/** What the fake stores of a pull request; the rest of PullInfo is computed when it is read. */
export type PullRecord = Omit<
  PullInfo,
  | 'htmlUrl'
  | 'mergeable'
  | 'mergeStateStatus'
  | 'reviewDecision'
  | 'deploymentUrl'
  | 'crossRepository'
  | 'changedFiles'
>;

export interface CommentRecord {
  id: number;
  body: string;
  author: string;
  createdAt: string;
}

export interface MemoryRepo {
  id: number;
  owner: string;
  name: string;
  description: string | null;
  private: boolean;
  defaultBranch: string;
  installed: boolean;
  collaborators: Record<string, RepoRole>;
  /** Branch name → commit oid. */
  refs: Map<string, string>;
  pulls: PullRecord[];
  /** Pull requests and issues share a number space; comments hang off the number. */
  comments: Map<number, CommentRecord[]>;
}

export interface CreateRepoInput {
  owner: string;
  name: string;
  description?: string | null;
  defaultBranch?: string;
  collaborators?: Record<string, RepoRole>;
  installApp?: boolean;
}

export interface CommitInput {
  branch: string;
  changes: FileChange[];
  message: string;
  /** Compare-and-swap on the branch head, as the local host's `commitFiles` takes it. */
  expectedHead?: string | null;
}

export interface MemoryProviderOptions {
  /** Users besides the defaults demo, alice and bob. */
  users?: string[];
  /** Bytes of a blob's text a snapshot returns before it is cut (isTruncated); GitHub's 512,000 by default. */
  blobTextLimit?: number;
  now?: () => number;
}

const pushRoles: ReadonlySet<RepoRole> = new Set(['admin', 'maintain', 'write']);
const key = (owner: string, name: string) => `${owner}/${name}`.toLowerCase();

export function createMemoryProvider(options: MemoryProviderOptions = {}) {
  const now = options.now ?? Date.now;
  const objects = createObjectStore();
  const users = new Map<string, MemoryUser>();
  const tokens = new Map<string, string>();
  /** Installation tokens, each narrowed to one repository (by key), read-only. */
  const installationTokens = new Map<string, string>();
  const repos = new Map<string, MemoryRepo>();
  const counters = { repo: 2000, comment: 5000 };
  for (const [n, login] of ['demo', 'alice', 'bob', ...(options.users ?? [])].entries())
    users.set(login, { id: 1001 + n, login, name: login });

  const roleOf = (login: string, repo: MemoryRepo): RepoRole | undefined =>
    login === repo.owner ? 'admin' : repo.collaborators[login];

  const provider = {
    objects,
    users,
    blobTextLimit: options.blobTextLimit ?? 512_000,
    isoNow: () => new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),

    /** A token of `login`, as a sign-in would issue it. */
    issueToken(login: string): string {
      if (!users.has(login)) throw new Error(`Unknown user ${login}`);
      const token = `mem_${randomBytes(18).toString('base64url')}`;
      tokens.set(token, login);
      return token;
    },
    revokeToken(token: string): void {
      tokens.delete(token);
      installationTokens.delete(token);
    },

    /** A read-only token of the app's installation narrowed to one repository; null where the app is not installed. */
    issueInstallationToken(id: RepoId): string | null {
      if (!provider.repo(id)?.installed) return null;
      const token = `mem_inst_${randomBytes(18).toString('base64url')}`;
      installationTokens.set(token, key(id.owner, id.name));
      return token;
    },

    createRepository(input: CreateRepoInput): RepoId {
      if (!users.has(input.owner)) throw new Error(`Unknown owner ${input.owner}`);
      if (repos.has(key(input.owner, input.name)))
        throw new Error(`Repository ${input.owner}/${input.name} already exists`);
      repos.set(key(input.owner, input.name), {
        id: (counters.repo += 1),
        owner: input.owner,
        name: input.name,
        description: input.description ?? null,
        private: true,
        defaultBranch: input.defaultBranch ?? 'main',
        installed: input.installApp ?? true,
        collaborators: { ...input.collaborators },
        refs: new Map(),
        pulls: [],
        comments: new Map(),
      });
      return { owner: input.owner, name: input.name };
    },

    /** A commit on `branch` (created when missing) as a push would make it; returns its sha. */
    commitFiles(owner: string, name: string, input: CommitInput): { commitSha: string } {
      const repo = provider.repo({ owner, name });
      if (!repo) throw new Error(`Unknown repository ${owner}/${name}`);
      const head = repo.refs.get(input.branch) ?? null;
      if (input.expectedHead !== undefined && input.expectedHead !== head)
        throw new Error(`${input.branch} moved`);
      const base = head ? objects.commits.get(head)!.tree : undefined;
      const commitSha = objects.commit(
        objects.applyChanges(base, input.changes),
        head ? [head] : [],
        input.message,
      );
      repo.refs.set(input.branch, commitSha);
      return { commitSha };
    },

    repo: (id: RepoId): MemoryRepo | undefined => repos.get(key(id.owner, id.name)),
    allRepos: () => [...repos.values()],

    /** The user a token belongs to; an unknown token is refused as GitHub refuses it (401). */
    caller(token: string): MemoryUser {
      const login = tokens.get(token);
      if (!login)
        throw new UnauthenticatedError(
          'GitHub no longer accepts your sign-in; please sign in again',
        );
      return users.get(login)!;
    },

    role: (token: string, repo: MemoryRepo): RepoRole | undefined =>
      roleOf(provider.caller(token).login, repo),

    /** The repository when the token's user reaches it through the app (an installation token: its one repository); otherwise undefined. */
    visible(token: string, id: RepoId): MemoryRepo | undefined {
      const narrowed = installationTokens.get(token);
      if (narrowed !== undefined)
        return narrowed === key(id.owner, id.name) && provider.repo(id)?.installed
          ? provider.repo(id)
          : undefined;
      const user = provider.caller(token);
      const repo = provider.repo(id);
      return repo && repo.installed && roleOf(user.login, repo) ? repo : undefined;
    },

    /** 404 without access, 403 without push (as GitHub answers a write). */
    writable(token: string, id: RepoId, what: string): MemoryRepo {
      const repo = provider.visible(token, id);
      if (!repo) throw new NotFoundError(`Not found on GitHub while ${what}`);
      if (installationTokens.has(token))
        throw new ForbiddenError(`GitHub refused access while ${what}`);
      if (!pushRoles.has(roleOf(provider.caller(token).login, repo)!))
        throw new ForbiddenError(`GitHub refused access while ${what}`);
      return repo;
    },

    /** `HEAD`, a branch or a commit sha → a commit oid, or null. */
    resolve(repo: MemoryRepo, ref: string): string | null {
      if (ref === 'HEAD') return repo.refs.get(repo.defaultBranch) ?? null;
      if (repo.refs.has(ref)) return repo.refs.get(ref)!;
      return /^[0-9a-f]{40}$/.test(ref) && objects.commits.has(ref) ? ref : null;
    },

    treeAt(repo: MemoryRepo, ref: string): Tree | null {
      const oid = provider.resolve(repo, ref);
      return oid ? objects.commits.get(oid)!.tree : null;
    },

    /** Open pull requests follow their branches; a deleted head or base branch closes them (as on GitHub). */
    syncPulls(repo: MemoryRepo): void {
      for (const pull of repo.pulls) {
        if (pull.state !== 'open') continue;
        const [head, base] = [repo.refs.get(pull.headRef), repo.refs.get(pull.baseRef)];
        if (!head || !base) Object.assign(pull, { state: 'closed', updatedAt: provider.isoNow() });
        else {
          if (head !== pull.headSha)
            Object.assign(pull, { headSha: head, updatedAt: provider.isoNow() });
          pull.baseSha = base;
        }
      }
    },

    nextNumber: (repo: MemoryRepo) => repo.pulls.length + 1,
    nextCommentId: () => (counters.comment += 1),
  };
  return provider;
}

export type MemoryProvider = ReturnType<typeof createMemoryProvider>;
