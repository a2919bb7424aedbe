import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost } from '../ports/git-host';
import { InvalidInputError, NotFoundError } from '../errors';
import { draftBranchName } from './draft-branch';
import type { ParsedCache } from './parsed-file';
import {
  notTextProblem,
  parseBlob,
  parsedOfText,
  symlinkProblem,
  type ParsedFile,
} from './parsed-file';
import {
  collectionOf,
  collectionWants,
  repoId,
  type RepoReader,
  type RepoView,
} from './repo-reader';
import type { CollectionConfig } from './config-schema';
import type { ContentItem, SkippedFile } from './schemas';
import type { ListedFile } from './item-listing';
import { foundItemFile, itemFileRequests } from './item-files';
import { createCollectionRead, type ReadCollectionOptions } from './collection-read';
import type { ItemRef } from './item-ref';
import { defaultIndexSettings } from './collection-index/index-settings';
import { assertItemSlug } from './slug-encoding';
import { typedView } from './typed-values';
import { servedLocale } from './i18n/locale-collection';
import type { ItemTranslationReads } from './i18n/item-translations';
import { problemsField } from './list-item';

export interface ContentReadsDeps {
  reader: RepoReader;
  gitHost: Pick<GitHost, 'readBlobs' | 'readDirectory'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  cache: ParsedCache;
  /** A collection with at most this many items is listed whole from one GraphQL read (2,000 by default). */
  inlineLimit?: number;
  /** Given, a translated collection's single item answers its `translations` (the report's statuses). */
  translations?: ItemTranslationReads;
}

/** A branch to read from: a git ref name, never an expression (`:`), never `..`. */
const branchCharacters = /^[A-Za-z0-9._/-]{1,250}$/;

/**
 * What git's check-ref-format refuses among names of those characters: an empty component
 * (`a//b`, a leading or trailing `/`), a component starting with "." or ending with ".lock", "..",
 * a trailing ".", and a leading "-" (a command line would read an option). GitHub would answer
 * 404 for such a name; the caller learns instead that the name itself is wrong.
 */
export function branchNameProblem(branch: string): string | undefined {
  if (!branchCharacters.test(branch))
    return 'must be a branch name (letters, digits, ".", "_", "-", "/")';
  const components = branch.split('/');
  if (components.some((component) => component === ''))
    return 'must not start or end with "/" or hold "//"';
  if (components.some((component) => component.startsWith('.') || component.endsWith('.lock')))
    return 'no part of it may start with "." or end with ".lock"';
  if (branch.includes('..') || branch.endsWith('.')) return 'must not hold ".." or end with "."';
  if (branch.startsWith('-')) return 'must not start with "-"';
  return undefined;
}

export function assertBranchName(branch: string): void {
  const problem = branchNameProblem(branch);
  if (problem) throw new InvalidInputError(`branch: ${problem}`);
}

/** A full commit sha (SHA-1 or SHA-256), the one form of an object id a version is read by. */
const fullSha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/**
 * A version to read (`name` is the parameter it came in): a full commit sha, or a branch name.
 * An abbreviated sha or any other revision expression (`HEAD~2`, `main@{1}`) is refused: it
 * could name different commits over time.
 */
export function assertReadRef(ref: string, name: string): void {
  if (fullSha.test(ref)) return;
  if (branchNameProblem(ref) !== undefined)
    throw new InvalidInputError(
      `${name}: must be a full commit sha (40 hexadecimal digits) or a branch name`,
    );
}

/** One item as a user reads it, from the default branch, from `branch`, or at version `ref`. */
export interface GetItemOptions extends ItemRef {
  userId: string;
  branch?: string;
  /** A commit sha or a branch (assertReadRef); not with `branch`. */
  ref?: string;
}

export function createContentReads(deps: ContentReadsDeps) {
  const collections = createCollectionRead({
    ...deps,
    inlineLimit: deps.inlineLimit ?? defaultIndexSettings.inlineLimit,
  });

  /**
   * The collection's files and the entries it cannot serve, from one round trip or none (no blob
   * is read); a collection its index says is large is read with REST trees (collection-read.ts).
   */
  async function files(options: ReadCollectionOptions) {
    const read = await collections.read(options);
    const listed = await collections.listedOf(options.userId, read);
    return {
      collection: read.collection,
      entries: listed.files,
      skipped: listed.skipped,
      view: read.view,
    };
  }

  /**
   * The list items of `entries`: frontmatter from the cache by blob sha, and only the missing blobs
   * from GitHub, 100 per query. A file that cannot be shown as fields is listed with an empty
   * frontmatter and its `problem`, which is cached like a parse: a broken or oversized file costs
   * one read, not one per list. Symbolic links are listed as such and never read. Declared boolean
   * and number fields are shown as their generators read them (typed-values.ts).
   */
  async function itemsOf(input: {
    userId: string;
    view: RepoView;
    collection: CollectionConfig;
    entries: readonly ListedFile[];
  }): Promise<ContentItem[]> {
    const { userId, view, collection, entries } = input;
    const blobs = entries.filter((entry) => !entry.symlink).map((entry) => entry.sha);
    const parsed = await deps.cache.getMany(blobs);
    const missing = [...new Set(blobs.filter((oid) => !parsed.has(oid)))];
    if (missing.length > 0) {
      const texts = await deps.providerAccess.withToken(userId, (token) =>
        deps.gitHost.readBlobs(token, repoId(view.connection.fullName), missing),
      );
      const fresh = new Map<string, ParsedFile>();
      for (const oid of missing) fresh.set(oid, parsedOfText(texts.get(oid)));
      for (const [oid, file] of fresh) parsed.set(oid, file);
      await deps.cache.putMany(fresh);
    }
    return entries.map(({ symlink, ...entry }): ContentItem => {
      const file: ParsedFile = symlink
        ? { frontmatter: {}, problem: symlinkProblem }
        : (parsed.get(entry.sha) ?? { frontmatter: {} });
      return {
        ...entry,
        ...file,
        frontmatter: typedView(collection.fields, file.frontmatter),
        ...problemsField(collection, file),
      };
    });
  }

  const reads = {
    /**
     * The tree of the collection directory (one round trip, with the config; two levels deep for
     * page bundles) and every item's frontmatter (`itemsOf`). Entries that are not items are
     * returned in `skipped`, with the reason.
     */
    async listing(
      options: ReadCollectionOptions,
    ): Promise<{ items: ContentItem[]; skipped: SkippedFile[] }> {
      const { collection, entries, skipped, view } = await files(options);
      return {
        items: await itemsOf({ userId: options.userId, view, collection, entries }),
        skipped,
      };
    },

    /** The items alone, as the spec's list answers them. */
    async list(options: ReadCollectionOptions): Promise<ContentItem[]> {
      return (await reads.listing(options)).items;
    },

    files,
    itemsOf,
    collections,

    /** One round trip: config, the file, and the draft branch with its open pull request. */
    /**
     * A file that cannot be edited as fields still opens: its `problem`, the raw text of its
     * frontmatter block (for invalid or unsupported frontmatter) and the body after the block.
     * A symbolic link is never followed: its body is empty.
     */
    async get({
      userId,
      fullName,
      collection: collectionName,
      slug,
      locale,
      branch: branchName,
      ref,
    }: GetItemOptions): Promise<ContentItem> {
      assertItemSlug(slug);
      if (branchName !== undefined) assertBranchName(branchName);
      if (ref !== undefined) {
        if (branchName !== undefined)
          throw new InvalidInputError('ref: send either branch or ref, not both');
        assertReadRef(ref, 'ref');
      }
      const branch = ref ?? branchName;
      const draft = draftBranchName(collectionName, slug);
      const itemWants = collectionWants(
        collectionName,
        (collection) => ({
          blobs: itemFileRequests({ collection, slug, key: 'file', ref: branch }),
          branches: { draft },
        }),
        locale,
      );
      const view = await deps.reader.read({
        userId,
        fullName,
        // Every locale's file of the item, by oid alone, in the same read (its `translations`).
        wants: (config) => {
          const wanted = itemWants(config);
          const oids = deps.translations?.wants(config, collectionName, slug);
          return oids && wanted.blobs ? { ...wanted, oids } : wanted;
        },
      });
      const collection = collectionOf(view.config, collectionName, locale);
      const served = servedLocale(view.config, view.config.collections[collectionName]!, locale);
      const found = foundItemFile({
        collection,
        slug,
        blobs: view.snapshot.blobs,
        key: 'file',
      });
      if (!found)
        throw new NotFoundError(
          `Item ${collectionName}/${slug} not found${served === undefined ? '' : ` in locale ${served}`}${ref ? ` at ${ref}` : branch ? ` on branch ${branch}` : ''}`,
        );
      const { path, blob } = found;
      const draftState = view.snapshot.branches.draft;
      const translations = await deps.translations?.of({
        config: view.config,
        name: collectionName,
        slug,
        snapshot: view.snapshot,
        userId,
        fullName,
      });
      const item = {
        slug,
        path,
        sha: blob.oid,
        ...(served !== undefined && { locale: served }),
        ...(translations && { translations }),
        ...(draftState?.openPullRequest
          ? { branch: draft, prNumber: draftState.openPullRequest }
          : {}),
      };
      if (blob.symlink) return { ...item, frontmatter: {}, body: '', problem: symlinkProblem };
      if (blob.text === null)
        return { ...item, frontmatter: {}, body: '', problem: notTextProblem };
      const text = blob.isTruncated
        ? ((
            await deps.providerAccess.withToken(userId, (token) =>
              deps.gitHost.readBlobs(token, repoId(view.connection.fullName), [blob.oid]),
            )
          ).get(blob.oid) ?? '')
        : blob.text;
      const { frontmatter, body, problem, blockText } = parseBlob(blob.oid, text);
      if (!problem)
        return { ...item, frontmatter: typedView(collection.fields, frontmatter), body };
      return {
        ...item,
        frontmatter,
        body,
        problem,
        ...(blockText === undefined ? {} : { rawFrontmatter: blockText }),
      };
    },
  };
  return reads;
}

export type ContentReads = ReturnType<typeof createContentReads>;
