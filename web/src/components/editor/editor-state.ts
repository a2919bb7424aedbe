import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { ContentItem } from '../../../../shared/content/schemas';
import {
  formFromFrontmatter,
  frontmatterFromForm,
  type FormValues,
  type Frontmatter,
} from '../../lib/form-model';
import type { LocalDraft } from '../../lib/local-drafts';
import type { ItemLocation, SetInfo } from './save-flow';

export interface LoadedItem {
  item: ContentItem;
  /** The file's sha on the default branch; absent when it exists only on its draft branch. */
  mainSha?: string;
  /** A translated collection's locale other than its default, when the item is that translation. */
  locale?: string;
  /** The change set holding the item: `item` is read on its branch. */
  set?: SetInfo;
}

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving'; label: string }
  | { kind: 'saved'; message: string }
  | { kind: 'conflict' }
  | { kind: 'error'; message: string; invalid?: boolean };

/** The version last loaded or saved: what "unsaved changes" are measured against. */
export interface Baseline {
  original: Frontmatter;
  frontmatter: Frontmatter;
  body: string;
}

export interface InitialEditorState {
  location: ItemLocation;
  baseline: Baseline;
  values: FormValues;
  body: string;
  slugText?: string;
  restored?: LocalDraft;
}

/** The editor's starting point: the loaded item (or a new one), with the unsaved edits `local` from this browser put back. */
export function initialEditorState(
  repo: string,
  collection: string,
  fields: readonly FieldDefinition[],
  loaded: LoadedItem | undefined,
  local: LocalDraft | undefined,
): InitialEditorState {
  const isNew = loaded === undefined;
  const item = loaded?.item;
  const original = item?.frontmatter ?? {};
  const values = formFromFrontmatter(fields, original, isNew);
  const baseline: Baseline = {
    original,
    frontmatter: frontmatterFromForm(fields, values, original, isNew),
    body: item?.body ?? '',
  };
  const location: ItemLocation = {
    repo,
    collection,
    slug: item?.slug ?? '',
    isNew,
    sha: item?.sha,
    branch: item?.branch,
    pull: item?.prNumber ? { number: item.prNumber } : undefined,
    ...(loaded?.locale !== undefined && { locale: loaded.locale }),
    ...(loaded?.set && { set: loaded.set }),
  };
  const state: InitialEditorState = { location, baseline, values, body: baseline.body };
  if (
    !local ||
    (sameJson(local.frontmatter, baseline.frontmatter) &&
      local.body === baseline.body &&
      !local.slug)
  )
    return state;
  return {
    ...state,
    values: formFromFrontmatter(fields, local.frontmatter),
    body: local.body,
    slugText: local.slug,
    // Edits made on an older version: keep its sha so that saving reports the conflict instead of overwriting.
    location: local.baseSha && !isNew ? { ...location, sha: local.baseSha } : location,
    restored: local,
  };
}

export const sameJson = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
