import { getItem, saveItem, type SaveItemInput } from '../../api/content';
import { createPull, mergePull } from '../../api/pulls';
import { pullTitle, type SaveAction } from '../../lib/save-plan';
import { setBranchOf } from '../../lib/set-items';
import type { PutContentResult } from '../../../../shared/content/schemas';

export interface PullInfo {
  number: number;
  htmlUrl?: string;
  previewUrl?: string | null;
}

/** A change set an item is in, or is being saved into. */
export interface SetInfo {
  name: string;
  title: string;
  /** Its pull request: the set's page is that review. */
  number: number;
}

/** What the editor knows about where the version on screen lives. */
export interface ItemLocation {
  repo: string;
  collection: string;
  slug: string;
  isNew: boolean;
  /** The sha of the file on screen: on the draft branch when `branch` is set, else on the default branch. */
  sha?: string;
  /** The draft branch holding the version on screen. */
  branch?: string;
  pull?: PullInfo;
  /** A translated collection's locale other than its default: every read and write is of that locale's file. */
  locale?: string;
  /** The change set holding the version on screen (`branch` is its branch, `pull` its pull request). */
  set?: SetInfo;
}

export interface SaveOutcome {
  location: ItemLocation;
  published: boolean;
  /** The save worked but opening the pull request did not; said in words. */
  warning?: string;
  /** Nothing differed from the file as it is: no commit, no draft, no review. */
  unchanged?: boolean;
  /** Shared fields the save changed that other locales' files hold otherwise: offered to apply. */
  sharedChanges?: PutContentResult['sharedChanges'];
}

export interface SaveContent {
  frontmatter: Record<string, unknown>;
  body: string;
  title: string;
  /** The person's commit message for this save; blank or absent: the generated one. */
  message?: string;
  /** A new item's file pattern, one of its collection's; absent: the first. */
  pattern?: string;
}

/**
 * One save. Publishing without a draft commits straight to the default branch. Otherwise the edit
 * goes to the draft branch, a pull request is opened when none is, and publishing then squash
 * merges it, so an item in review is never published around its own draft.
 */
export async function saveWith(
  action: SaveAction,
  at: ItemLocation,
  content: SaveContent,
): Promise<SaveOutcome> {
  const { repo, collection, slug, locale } = at;
  const fields = {
    frontmatter: content.frontmatter,
    body: content.body,
    sha: at.isNew ? undefined : at.sha,
    ...(content.message?.trim() ? { message: content.message } : {}),
    ...(at.isNew && content.pattern ? { path: content.pattern } : {}),
  };
  if (action === 'set') return saveIntoSet(at, fields);
  if (action === 'publish' && !at.branch) {
    const saved = await saveItem(repo, collection, slug, { ...fields, mode: 'direct' }, locale);
    if (saved.protectedBranch && saved.branch)
      return openProtectedDraft(at, saved.sha, saved.branch, content.title);
    return {
      location: { repo, collection, slug, isNew: false, sha: saved.sha, locale },
      published: true,
      ...(saved.unchanged ? { unchanged: true } : {}),
      ...(saved.sharedChanges && { sharedChanges: saved.sharedChanges }),
    };
  }
  const saved = await saveItem(repo, collection, slug, { ...fields, mode: 'branch' }, locale);
  return {
    ...(await afterDraftSave(action, at, content, saved)),
    ...(saved.sharedChanges && { sharedChanges: saved.sharedChanges }),
  };
}

/** A save on the draft branch: its review opened when none is, and merged to publish. */
async function afterDraftSave(
  action: SaveAction,
  at: ItemLocation,
  content: SaveContent,
  saved: PutContentResult,
): Promise<SaveOutcome> {
  const { repo, collection, slug, locale } = at;
  if (saved.unchanged && !saved.branch)
    return { location: { ...at, isNew: false, sha: saved.sha }, published: false, unchanged: true };
  const branch = saved.branch ?? at.branch ?? `cms/${collection}/${slug}`;
  const location: ItemLocation = { ...at, isNew: false, sha: saved.sha, branch };
  if (!location.pull) {
    try {
      // A saved draft starts "In progress" (a GitHub draft pull request); publishing opens it ready for review, to merge it at once.
      const pull = await createPull(
        repo,
        branch,
        pullTitle(content.title, at.isNew),
        action === 'draft',
      );
      location.pull = { number: pull.number, htmlUrl: pull.htmlUrl, previewUrl: pull.previewUrl };
    } catch (cause) {
      return {
        location,
        published: false,
        warning: `Saved on ${branch}, but the change request could not be opened: ${(cause as Error).message}`,
      };
    }
  }
  if (action === 'draft') return { location, published: false };
  let kept: string | undefined;
  try {
    kept = (await mergePull(repo, location.pull.number)).keptBranch?.message;
  } catch (cause) {
    return {
      location,
      published: false,
      warning: `Saved as a change request, but not published: ${(cause as Error).message} Open the change request to bring it up to date.`,
    };
  }
  const merged = await getItem(repo, collection, slug, undefined, locale);
  // A save someone made while this was published stays a draft of its own: the editor says so.
  return {
    location: { repo, collection, slug, isNew: false, sha: merged.sha, locale },
    published: true,
    ...(kept && { warning: `Published. ${kept}` }),
  };
}

/**
 * A save into the change set the location names (chosen in the editor, or the one holding the
 * item): `set` takes the place of `mode`, and the set's pull request is already open.
 */
async function saveIntoSet(
  at: ItemLocation,
  fields: Omit<SaveItemInput, 'mode' | 'set'>,
): Promise<SaveOutcome> {
  const { repo, collection, slug, locale, set } = at;
  if (!set) throw new Error('A save into a change set needs the set');
  const saved = await saveItem(repo, collection, slug, { ...fields, set: set.name }, locale);
  return {
    location: {
      ...at,
      isNew: false,
      sha: saved.sha,
      branch: setBranchOf(set.name),
      pull: { number: set.number },
    },
    published: false,
    ...(saved.unchanged ? { unchanged: true } : {}),
  };
}

/**
 * The default branch is kept to pull requests: the service saved the edit as a draft instead. It is
 * opened for review (not merged: the branch's rules decide when it may be), and the editor says so.
 */
async function openProtectedDraft(
  at: ItemLocation,
  sha: string,
  branch: string,
  title: string,
): Promise<SaveOutcome> {
  const location: ItemLocation = { ...at, isNew: false, sha, branch };
  const notice =
    "The default branch is protected: your edit was saved as a draft and opened for review. Publish it from the review once the branch's rules are met.";
  try {
    const pull = await createPull(at.repo, branch, pullTitle(title, at.isNew));
    location.pull = { number: pull.number, htmlUrl: pull.htmlUrl, previewUrl: pull.previewUrl };
  } catch (cause) {
    return {
      location,
      published: false,
      warning: `Saved on ${branch} (the default branch is protected), but the review could not be opened: ${(cause as Error).message}`,
    };
  }
  return { location, published: false, warning: notice };
}
