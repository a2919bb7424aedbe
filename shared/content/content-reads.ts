import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost } from '../githost/git-host';
import { BadRequestError, NotFoundError } from '../http/errors';
import { draftBranchName } from './draft-branch';
import { parseMarkdown, type Frontmatter } from './frontmatter';
import type { ParsedCache } from './parsed-cache';
import { collectionOf, repoId, type RepoReader } from './repo-reader';
import { assertSlug, itemPath, slugFromPath } from './slug';

export interface ContentItem {
  slug: string;
  path: string;
  sha: string;
  frontmatter: Frontmatter;
  body?: string;
  branch?: string;
  prNumber?: number;
}

export interface ContentReadsDeps {
  reader: RepoReader;
  gitHost: Pick<GitHost, 'readBlobs'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  cache: ParsedCache;
}

/** A branch to read from: a git ref name, never an expression (`:`), never `..`. */
const branchPattern = /^(?!.*\.\.)(?!\/)(?!.*\/$)[A-Za-z0-9._/-]{1,250}$/;
export function assertBranchName(branch: string): void {
  if (!branchPattern.test(branch)) throw new BadRequestError('branch: must be a branch name (letters, digits, ".", "_", "-", "/")');
}

/** A file whose frontmatter cannot be parsed is listed with an empty one, so the editor can open and fix it. */
const safeFrontmatter = (text: string): Frontmatter => {
  try {
    return parseMarkdown(text).frontmatter;
  } catch {
    return {};
  }
};

export function createContentReads(deps: ContentReadsDeps) {
  return {
    /**
     * The tree of the collection directory (one round trip, with the config), frontmatter from
     * the cache by blob sha, and only the missing blobs from GitHub, 100 per query.
     */
    async list(userId: string, fullName: string, collectionName: string): Promise<ContentItem[]> {
      const view = await deps.reader.read(userId, fullName, (config) => {
        const collection = Object.hasOwn(config.collections, collectionName) ? config.collections[collectionName] : undefined;
        return collection ? { trees: { items: { path: collection.directory } } } : {};
      });
      const collection = collectionOf(view.config, collectionName);
      const entries = (view.snapshot.trees.items ?? []).flatMap((entry) => {
        const path = `${collection.directory}/${entry.name}`;
        const slug = entry.type === 'blob' ? slugFromPath(collection.directory, path) : undefined;
        return slug ? [{ slug, path, sha: entry.oid }] : [];
      });
      const cached = await deps.cache.getMany(entries.map((entry) => entry.sha));
      const missing = entries.filter((entry) => !cached.has(entry.sha)).map((entry) => entry.sha);
      if (missing.length > 0) {
        const texts = await deps.providerAccess.withToken(userId, (token) => deps.gitHost.readBlobs(token, repoId(view.connection.fullName), missing));
        const fresh = new Map<string, Frontmatter>();
        for (const [oid, text] of texts) {
          try {
            fresh.set(oid, parseMarkdown(text).frontmatter);
          } catch {
            cached.set(oid, safeFrontmatter(text));
          }
        }
        for (const [oid, frontmatter] of fresh) cached.set(oid, frontmatter);
        await deps.cache.putMany(fresh);
      }
      return entries.map((entry) => ({ ...entry, frontmatter: cached.get(entry.sha) ?? {} }));
    },

    /** One round trip: config, the file, and the draft branch with its open pull request. */
    async get(userId: string, fullName: string, collectionName: string, slug: string, branch?: string): Promise<ContentItem> {
      assertSlug(slug);
      if (branch !== undefined) assertBranchName(branch);
      const draft = draftBranchName(collectionName, slug);
      const view = await deps.reader.read(userId, fullName, (config) => {
        const collection = Object.hasOwn(config.collections, collectionName) ? config.collections[collectionName] : undefined;
        return collection ? { blobs: { file: { path: itemPath(collection, slug), ref: branch } }, branches: { draft } } : {};
      });
      const collection = collectionOf(view.config, collectionName);
      const path = itemPath(collection, slug);
      const blob = view.snapshot.blobs.file;
      if (!blob) throw new NotFoundError(`Item ${collectionName}/${slug} not found${branch ? ` on branch ${branch}` : ''}`);
      if (blob.text === null) throw new BadRequestError(`${path} is not a text file`);
      const text = blob.isTruncated
        ? ((await deps.providerAccess.withToken(userId, (token) => deps.gitHost.readBlobs(token, repoId(view.connection.fullName), [blob.oid]))).get(blob.oid) ?? '')
        : blob.text;
      const { frontmatter, body } = parseMarkdown(text);
      const draftState = view.snapshot.branches.draft;
      const review = draftState?.openPullRequest ? { branch: draft, prNumber: draftState.openPullRequest } : {};
      return { slug, path, sha: blob.oid, frontmatter, body, ...review };
    },
  };
}

export type ContentReads = ReturnType<typeof createContentReads>;
