import { createHash } from 'node:crypto';
import type { ProviderAccess } from '../../auth/provider-access';
import type { GitHost, RepoId } from '../../ports/git-host';
import { onTree, type PullHost, type TreeChange } from '../../ports/pull-host';
import { ConflictError } from '../../errors';
import type { CollectionConfig } from '../config-schema';
import { readMarkdown } from '../frontmatter';
import { repoId, type RepoView } from '../repo-reader';
import {
  otherLocaleFiles,
  sharedChangesOf,
  sharedFieldsOf,
  sharedWrites,
  type SharedChange,
} from './shared-fields';

/** What a save of a translated item does about its shared fields (shared-fields.ts). */
export interface SharedOfSave {
  /** The shared fields the save changed that other locales hold otherwise (not applied). */
  report: SharedChange[];
  /** With `applyShared`: the shared fields written into other locales, and which. */
  applied: SharedChange[];
  /** With `applyShared`: the other locales' files to write in the save's commit. */
  writes: TreeChange[];
}

const none: SharedOfSave = { report: [], applied: [], writes: [] };

/**
 * From the save's own read (the other locales' files rode on it): which other locales differ in a
 * shared field the save changed, or with `apply` the edits that make them equal. A text GraphQL
 * cut short is read whole first (one more round trip, all of them at once), as a save reads its
 * own file: a cut text is never written back.
 */
export async function sharedOfSave(
  deps: {
    gitHost: Pick<GitHost, 'readBlobs'>;
    providerAccess: Pick<ProviderAccess, 'withToken'>;
  },
  {
    userId,
    view,
    collection,
    name,
    locale,
    slug,
    onDraft,
    original,
    text,
    apply,
  }: {
    userId: string;
    view: RepoView;
    /** The collection in the save's locale. */
    collection: CollectionConfig;
    name: string;
    locale: string | undefined;
    slug: string;
    onDraft: boolean;
    /** The file before the save (absent on create) and the text the save writes. */
    original: string | undefined;
    text: string;
    apply: boolean;
  },
): Promise<SharedOfSave> {
  const fields = sharedFieldsOf(collection);
  if (fields.length === 0) return none;
  const files = otherLocaleFiles({
    config: view.config,
    name,
    locale,
    slug,
    blobs: view.snapshot.blobs,
    onDraft,
  }).filter((file) => !file.blob.symlink && file.blob.text !== null);
  if (files.length === 0) return none;
  const cut = files.filter((file) => file.blob.isTruncated).map((file) => file.blob.oid);
  const whole =
    cut.length === 0
      ? new Map<string, string>()
      : await deps.providerAccess.withToken(userId, (token) =>
          deps.gitHost.readBlobs(token, repoId(view.connection.fullName), cut),
        );
  const others = files.map(({ locale: other, path, blob }) => {
    const read = blob.isTruncated ? whole.get(blob.oid) : blob.text!;
    if (read === undefined) throw new ConflictError(`${path} could not be read whole; try again`);
    return { locale: other, path, text: read };
  });
  const saved = readMarkdown(text).frontmatter;
  if (apply) {
    const { changes, applied } = sharedWrites({ fields, saved, others });
    return { report: [], applied, writes: changes };
  }
  const before = original === undefined ? {} : readMarkdown(original).frontmatter;
  return { report: sharedChangesOf({ fields, before, saved, others }), applied: [], writes: [] };
}

/** What a commit message's summary adds when the save writes other locales: ` (fr), with its shared fields in en, de`. */
export function sharedSummary(locale: string | undefined, shared: SharedOfSave): string {
  if (shared.writes.length === 0) return '';
  const locales = [...new Set(shared.applied.flatMap((change) => change.locales))];
  return `${locale === undefined ? '' : ` (${locale})`}, with its shared fields in ${locales.join(', ')}`;
}

/**
 * The save and the other locales' shared fields as one commit (Git Data API) on the head the save
 * read: the branch's when the draft exists, else the default branch's (which a new draft branch
 * was just created at). Made again on a head that moved in other files meanwhile; another commit
 * that touched one of these files is an overlap, and nothing is written.
 */
export async function commitWithShared(
  deps: {
    pullHost: Pick<PullHost, 'commitTree'>;
    providerAccess: Pick<ProviderAccess, 'withToken'>;
  },
  {
    userId,
    view,
    repo,
    branch,
    onDraft,
    changes,
    message,
    text,
  }: {
    userId: string;
    view: RepoView;
    repo: RepoId;
    /** The draft branch written to; the default branch when absent. */
    branch: string | undefined;
    onDraft: boolean;
    changes: TreeChange[];
    message: string;
    /** The save's own file's text, whose sha the answer gives. */
    text: string;
  },
): Promise<{ sha: string; commitSha: string }> {
  const head = onDraft ? view.snapshot.branches.draft : undefined;
  const parent = head ? head.oid : view.snapshot.defaultBranchOid;
  if (!parent) throw new ConflictError('The default branch has no commits yet');
  const commitSha = await deps.providerAccess.withToken(userId, (token) =>
    deps.pullHost.commitTree(token, repo, {
      branch: branch ?? view.snapshot.defaultBranch,
      parents: [parent],
      ...onTree(head ? head.tree : view.snapshot.defaultBranchTree),
      changes,
      message,
      force: false,
      rebuildOnMove: true,
    }),
  );
  return { sha: gitBlobSha(text), commitSha };
}

/**
 * The blob sha git gives `text` (SHA-1 of `blob {bytes}\0{bytes}`): a save committed with other
 * files answers its file's sha without reading it back.
 */
export const gitBlobSha = (text: string): string => {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
};
