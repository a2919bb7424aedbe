import { lcsDiff, type Op } from './lcs-diff';

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

/** Words, single punctuation marks and runs of white space: the units a reader sees change. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}_'’]+|[^\s\p{L}\p{N}_'’]/gu) ?? [];
}

const isSpace = (text: string) => /^\s+$/.test(text);

/**
 * A word-level diff of two texts. Lines are compared first (cheap on long bodies); only the lines
 * that changed are compared word by word. White space between two changed words joins the change,
 * so "the quick fox" → "a slow fox" reads as one replacement, not three.
 */
export function wordDiff(oldText: string, newText: string): DiffPart[] {
  const lines = lcsDiff(splitLines(oldText), splitLines(newText));
  const parts: DiffPart[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flushLines = () => {
    if (removed.length || added.length) parts.push(...words(removed.join(''), added.join('')));
    removed = [];
    added = [];
  };
  for (const op of lines) {
    if (op.kind === 'same') {
      flushLines();
      parts.push({ kind: 'same', text: op.value });
    } else (op.kind === 'removed' ? removed : added).push(op.value);
  }
  flushLines();
  return merge(parts);
}

/** Lines with their line breaks kept, so joining the parts gives back the text exactly. */
const splitLines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

function words(oldText: string, newText: string): DiffPart[] {
  return group(lcsDiff(tokenize(oldText), tokenize(newText), 1_000_000));
}

function group(ops: Op<string>[]): DiffPart[] {
  const parts: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    // A side that holds only the absorbed white space changed nothing a reader sees.
    if (removed && isSpace(removed) && added && !isSpace(added))
      parts.push({ kind: 'added', text: added }, { kind: 'same', text: removed });
    else if (added && isSpace(added) && removed && !isSpace(removed))
      parts.push({ kind: 'removed', text: removed }, { kind: 'same', text: added });
    else {
      if (removed) parts.push({ kind: 'removed', text: removed });
      if (added) parts.push({ kind: 'added', text: added });
    }
    removed = added = '';
  };
  ops.forEach((op, index) => {
    if (op.kind === 'same') {
      const pending = removed !== '' || added !== '';
      const next = ops[index + 1];
      if (pending && isSpace(op.value) && next && next.kind !== 'same') {
        removed += op.value;
        added += op.value;
        return;
      }
      flush();
      parts.push({ kind: 'same', text: op.value });
    } else if (op.kind === 'removed') removed += op.value;
    else added += op.value;
  });
  flush();
  return parts;
}

function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (last && last.kind === part.kind) last.text += part.text;
    else if (part.text) out.push({ ...part });
  }
  return out;
}

/** Whether anything changed; for "no changes to the body" messages. */
export const hasChanges = (parts: readonly DiffPart[]) =>
  parts.some((part) => part.kind !== 'same');

export type DiffSegment = DiffPart | { kind: 'collapsed'; text: string; lines: number };

/**
 * Long unchanged stretches folded to `context` lines on each side of a change, so a one-word edit
 * in a long post is found at a glance. Joining every segment's text still gives the full diff.
 */
export function collapseUnchanged(parts: readonly DiffPart[], context = 2): DiffSegment[] {
  const segments: DiffSegment[] = [];
  parts.forEach((part, index) => {
    if (part.kind !== 'same') return segments.push(part);
    const lines = part.text.split(/(?<=\n)/);
    const keepBefore = index === 0 ? 0 : context + 1;
    const keepAfter = index === parts.length - 1 ? 0 : context + 1;
    if (lines.length <= keepBefore + keepAfter + 2) return segments.push(part);
    const head = lines.slice(0, keepBefore).join('');
    const middle = lines.slice(keepBefore, lines.length - keepAfter);
    const tail = lines.slice(lines.length - keepAfter).join('');
    if (head) segments.push({ kind: 'same', text: head });
    segments.push({ kind: 'collapsed', text: middle.join(''), lines: middle.length });
    if (tail) segments.push({ kind: 'same', text: tail });
  });
  return segments;
}
