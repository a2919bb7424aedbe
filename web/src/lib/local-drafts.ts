import type { ContentItem } from '../../../shared/content/schemas';

/**
 * Unsaved edits kept in localStorage while they are unsaved, so that a session that ends, a
 * closed tab or a crash never loses them. Cleared by a successful save or an explicit discard.
 * A save that met someone else's change keeps both sides here (`conflict`) until the person
 * resolves it: a reload then offers the conflict again instead of quietly restoring one side.
 */
export interface LocalDraft {
  frontmatter: Record<string, unknown>;
  body: string;
  /** The sha the edits started from; a different current sha means the file moved on since. */
  baseSha?: string;
  slug?: string;
  savedAt: string;
  conflict?: LocalConflict;
}

/** An unresolved conflict: the version the edits started from, and the one found when saving. */
export interface LocalConflict {
  base: { frontmatter: Record<string, unknown>; body: string };
  theirs: ContentItem;
}

const prefix = 'cms:draft:';
/** One item's key; a translation's (`locale`, not the default) is its own, so locales never swap edits. */
export const draftKey = (
  repo: string,
  collection: string,
  slug: string | undefined,
  locale?: string,
) => `${prefix}${repo}:${collection}:${slug ?? '(new)'}${locale === undefined ? '' : `:${locale}`}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function conflictOf(value: unknown): LocalConflict | undefined {
  if (!isRecord(value) || !isRecord(value.base) || !isRecord(value.theirs)) return undefined;
  const { base, theirs } = value;
  if (!isRecord(base.frontmatter) || typeof base.body !== 'string') return undefined;
  if (
    typeof theirs.sha !== 'string' ||
    typeof theirs.slug !== 'string' ||
    !isRecord(theirs.frontmatter)
  )
    return undefined;
  return value as unknown as LocalConflict;
}

export function readLocalDraft(key: string): LocalDraft | undefined {
  try {
    const text = localStorage.getItem(key);
    if (!text) return undefined;
    const draft: unknown = JSON.parse(text);
    if (!isRecord(draft) || typeof draft.body !== 'string' || !isRecord(draft.frontmatter))
      return undefined;
    // A damaged conflict record loses only the conflict, never the edits.
    const { conflict, ...edits } = draft as unknown as LocalDraft;
    const kept = conflictOf(conflict);
    return kept ? { ...edits, conflict: kept } : edits;
  } catch {
    return undefined;
  }
}

export function writeLocalDraft(key: string, draft: Omit<LocalDraft, 'savedAt'>): void {
  try {
    localStorage.setItem(key, JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or disabled: the editor still works, only this safety net is missing.
  }
}

export function clearLocalDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing kept to clear.
  }
}
