import type { Mark, Node } from 'prosemirror-model';

/**
 * A paragraph's or heading's content as markdown. Text is escaped so that it reads back as the
 * same text (no accidental emphasis, link, HTML, entity, list item or heading); marks are written
 * innermost last, keeping open a mark that goes on into the next piece, and spaces at a mark's
 * edge are moved outside it (`** a**` would not be strong).
 */
export interface SerializeOptions {
  /** Written for MDX: `{` is escaped (it would open an expression) and no `<address>` autolink (MDX has none). */
  mdx?: boolean;
}

export function serializeInline(parent: Node, options: SerializeOptions = {}): string {
  const escape = (text: string, lineStart: boolean) => escapeText(text, lineStart, options);
  const children: Node[] = [];
  parent.forEach((child) => void children.push(child));
  let out = '';
  const stack: { mark: Mark; closer: string }[] = [];
  const atLineStart = () => out === '' || out.endsWith('\n');

  const closeTo = (depth: number) => {
    if (stack.length <= depth) return;
    const space = /[ \t\n]*$/.exec(out)![0];
    out = out.slice(0, out.length - space.length);
    while (stack.length > depth) out += stack.pop()!.closer;
    out += space;
  };

  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    const marks = child.marks.filter((mark) => mark.type.name !== 'code');
    let keep = 0;
    while (keep < stack.length && stack[keep]!.mark.isInSet(marks)) keep++;
    closeTo(keep);
    let text = child.isText ? child.text! : '';
    const code = child.marks.some((mark) => mark.type.name === 'code');
    if (!code) {
      // Spaces before a mark opens go outside it.
      const space = /^[ \t]*/.exec(text)![0];
      out += escape(space, atLineStart());
      text = text.slice(space.length);
    }
    for (const mark of marks.filter((mark) => !stack.some((open) => open.mark.eq(mark)))) {
      const autolink =
        mark.type.name === 'link' && !options.mdx ? autolinkAt(children, index, mark) : undefined;
      if (autolink) {
        out += `<${autolink.text}>`;
        index = autolink.end - 1;
        text = '';
        break;
      }
      const [opener, closer] = delimiters(mark, out.at(-1), following(children, index, mark));
      if (opener === '[' && out.endsWith('!')) out = `${out.slice(0, -1)}\\!`;
      out += opener;
      stack.push({ mark, closer });
    }
    if (child.type.name === 'hard_break') out += '\\\n';
    else if (child.type.name === 'image')
      out += `![${escape(child.attrs.alt as string, false)}](${destination(child.attrs.src as string, child.attrs.title as string | null)})`;
    else if (code) out += codeSpan(text);
    else out += escape(text, atLineStart());
  }
  closeTo(0);
  return out;
}

const word = /[\p{L}\p{N}]/u;

/** The first character after the span of `mark` that starts at `index`. */
function following(children: Node[], index: number, mark: Mark): string | undefined {
  let end = index;
  while (end < children.length && mark.isInSet(children[end]!.marks)) end++;
  const next = children[end];
  return next?.isText ? next.text![0] : next ? '!' : undefined;
}

function delimiters(
  mark: Mark,
  before: string | undefined,
  after: string | undefined,
): [string, string] {
  const name = mark.type.name;
  if (name === 'link')
    return ['[', `](${destination(mark.attrs.href as string, mark.attrs.title as string | null)})`];
  const single = name === 'em' ? '*' : '**';
  // `_` works only between non-word characters: keep the source's `_` where it does.
  const markup =
    (mark.attrs.markup as string).startsWith('_') &&
    !(before && word.test(before)) &&
    !(after && word.test(after))
      ? single.replace(/\*/g, '_')
      : single;
  return [markup, markup];
}

/** A link written `<address>` when its whole text is its address, as in the source's autolinks. */
function autolinkAt(
  children: Node[],
  index: number,
  mark: Mark,
): { text: string; end: number } | undefined {
  let end = index;
  let text = '';
  while (end < children.length && mark.isInSet(children[end]!.marks)) {
    const child = children[end]!;
    if (!child.isText || child.marks.length !== 1) return undefined;
    text += child.text;
    end++;
  }
  const href = mark.attrs.href as string;
  if (mark.attrs.title || !/^[a-z][a-z0-9+.-]{1,31}:[^\s<>]*$/i.test(href)) return undefined;
  return text === href || `mailto:${text}` === href ? { text, end } : undefined;
}

function destination(href: string, title: string | null): string {
  const unbalanced = (href.match(/\(/g) ?? []).length !== (href.match(/\)/g) ?? []).length;
  const target =
    href === '' || /[\s<>]/.test(href) || unbalanced
      ? `<${href.replace(/[<>\\]/g, '\\$&')}>`
      : href.replace(/\\/g, '\\\\');
  return title ? `${target} "${title.replace(/["\\]/g, '\\$&')}"` : target;
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad =
    text.startsWith('`') || text.endsWith('`') || (/^ .*[^ ].* $/s.test(text) && text.trim() !== '')
      ? ' '
      : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Text that markdown reads back as the same text. */
export function escapeText(
  text: string,
  lineStart: boolean,
  { mdx = false }: SerializeOptions = {},
): string {
  const escaped = text
    .replace(mdx ? /[\\`*_[\]{]/g : /[\\`*_[\]]/g, '\\$&')
    .replace(/~~/g, '\\~\\~')
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
    // Two spaces before a line break would make a hard break; spaces starting a line would be dropped (or start code).
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n');
  return escaped
    .split('\n')
    .map((line, index) => (index > 0 || lineStart ? escapeLineStart(line, index > 0) : line))
    .join('\n');
}

/** What would start a block at the beginning of a line: headings, quotes, list items, setext underlines. */
function escapeLineStart(line: string, continuation: boolean): string {
  if (/^#{1,6}(?:[ \t]|$)/.test(line) || /^[>+-](?:[ \t]|$)/.test(line) || line.startsWith('>'))
    return `\\${line}`;
  if (continuation && /^(?:=+|-+)[ \t]*$/.test(line)) return `\\${line}`;
  const ordered = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${line.slice(ordered[1]!.length)}`;
  return line.replace(/^[ \t]+/, '');
}
