/**
 * Unsaved edits kept in localStorage while they are unsaved, so that a session that ends, a
 * closed tab or a crash never loses them. Cleared by a successful save or an explicit discard.
 */
export interface LocalDraft {
  frontmatter: Record<string, unknown>;
  body: string;
  /** The sha the edits started from; a different current sha means the file moved on since. */
  baseSha?: string;
  slug?: string;
  savedAt: string;
}

const prefix = 'cms:draft:';
export const draftKey = (repo: string, collection: string, slug: string | undefined) => `${prefix}${repo}:${collection}:${slug ?? '(new)'}`;

export function readLocalDraft(key: string): LocalDraft | undefined {
  try {
    const text = localStorage.getItem(key);
    if (!text) return undefined;
    const draft = JSON.parse(text) as LocalDraft;
    return typeof draft.body === 'string' && typeof draft.frontmatter === 'object' ? draft : undefined;
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
  localStorage.removeItem(key);
}
