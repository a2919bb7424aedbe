import { matchLines, splitLines } from '../../shared/content/line-diff';
import type { ContentDiff, ContentDiffField } from '../../shared/pulls/schemas';

const ansi = {
  red: '\u001b[31m',
  green: '\u001b[32m',
  dim: '\u001b[2m',
  bold: '\u001b[1m',
  reset: '\u001b[0m',
};
type Paint = (style: keyof typeof ansi, text: string) => string;

/** Lines of unchanged body kept around each change. */
const context = 2;

/**
 * A pull request's ContentDiff[] for people: per item the changed frontmatter fields as
 * `old → new`, the unchanged ones named on one line, then the body as a line diff.
 */
export function formatDiffs(diffs: readonly ContentDiff[], colour: boolean): string {
  const paint: Paint = (style, text) => (colour ? `${ansi[style]}${text}${ansi.reset}` : text);
  if (diffs.length === 0) return 'No content changes.\n';
  return diffs.map((diff) => formatDiff(diff, paint)).join('\n');
}

function formatDiff(diff: ContentDiff, paint: Paint): string {
  if (diff.file) return formatFile(diff, diff.file, paint);
  const lines = [paint('bold', `${diff.collection}/${diff.slug} (${diff.type})`)];
  const changed = diff.frontmatter.fields.filter((field) => field.changed);
  const unchanged = diff.frontmatter.fields
    .filter((field) => !field.changed)
    .map((field) => field.name);
  const width = Math.max(0, ...changed.map((field) => field.name.length));
  for (const field of changed)
    lines.push(`  ${`${field.name}:`.padEnd(width + 1)} ${change(field, paint)}`);
  if (unchanged.length) lines.push(paint('dim', `  unchanged: ${unchanged.join(', ')}`));
  const body = bodyLines(diff.body.oldBody, diff.body.newBody, paint);
  lines.push(
    body.length ? '  body:' : paint('dim', '  body: unchanged'),
    ...body.map((line) => `    ${line}`),
  );
  return `${lines.join('\n')}\n`;
}

/** A file that is not a content item (or a binary one): its path and status, then its text as a line diff. */
function formatFile(
  diff: ContentDiff,
  file: NonNullable<ContentDiff['file']>,
  paint: Paint,
): string {
  const from = file.previousPath ? ` from ${file.previousPath}` : '';
  const lines = [
    paint('bold', `${diff.path ?? ''} (${file.status}${from}${file.binary ? ', binary' : ''})`),
  ];
  if (!file.binary)
    lines.push(
      ...bodyLines(diff.body.oldBody, diff.body.newBody, paint).map((line) => `    ${line}`),
    );
  return `${lines.join('\n')}\n`;
}

function change(field: ContentDiffField, paint: Paint): string {
  if (!('oldValue' in field) || field.oldValue === undefined)
    return `${paint('green', show(field.newValue))} ${paint('dim', '(added)')}`;
  if (!('newValue' in field) || field.newValue === undefined)
    return `${paint('red', show(field.oldValue))} ${paint('dim', '(removed)')}`;
  return `${paint('red', show(field.oldValue))} → ${paint('green', show(field.newValue))}`;
}

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

/** `- old` / `+ new` lines with a little unchanged context; `…` where unchanged lines are left out. */
function bodyLines(oldBody: string, newBody: string, paint: Paint): string[] {
  if (oldBody === newBody) return [];
  const a = splitLines(oldBody).map((line) => line.replace(/\r?\n$/, ''));
  const b = splitLines(newBody).map((line) => line.replace(/\r?\n$/, ''));
  const matches = matchLines(a, b);
  const ops: { kind: ' ' | '-' | '+'; text: string }[] = [];
  let j = 0;
  a.forEach((line, i) => {
    const pair = matches[i]!;
    if (pair === -1) {
      ops.push({ kind: '-', text: line });
      return;
    }
    while (j < pair) ops.push({ kind: '+', text: b[j++]! });
    ops.push({ kind: ' ', text: line });
    j = pair + 1;
  });
  while (j < b.length) ops.push({ kind: '+', text: b[j++]! });
  const near = (at: number) =>
    ops.slice(Math.max(0, at - context), at + context + 1).some((op) => op.kind !== ' ');
  const out: string[] = [];
  ops.forEach((op, at) => {
    if (op.kind === '-') out.push(paint('red', `- ${op.text}`));
    else if (op.kind === '+') out.push(paint('green', `+ ${op.text}`));
    else if (near(at)) out.push(paint('dim', `  ${op.text}`));
    else if (out[out.length - 1] !== paint('dim', '…')) out.push(paint('dim', '…'));
  });
  return out;
}
