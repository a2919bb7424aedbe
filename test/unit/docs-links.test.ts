import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';

/**
 * The README is the front door and docs/ the rest: every relative link and image in them points at
 * a file of this repository, every `#anchor` at a heading of its target as GitHub names headings,
 * every page of docs/ is reachable from the README, and the README stays short.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const markdown = new MarkdownIt({ html: true });
const tokensOf = (page: string) => markdown.parse(readFileSync(path.join(root, page), 'utf8'), {});

/** GitHub's heading ids, as github-slugger makes them (repeats numbered). */
function headingSlugs(tokens: Token[]): Set<string> {
  const slugger = new GithubSlugger();
  const slugs = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const text = (tokens[index + 1]?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    slugs.add(slugger.slug(text));
  });
  return slugs;
}

/** Every link target and image source of a page. */
function targetsOf(tokens: Token[]): string[] {
  const targets: string[] = [];
  for (const token of tokens) {
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') targets.push(String(child.attrGet('href') ?? ''));
      if (child.type === 'image') targets.push(String(child.attrGet('src') ?? ''));
    }
  }
  return targets;
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with `target` as written on `page`, or undefined when it resolves. */
function problemOf(page: string, target: string): string | undefined {
  const [file = '', anchor] = target.split('#', 2) as [string, string | undefined];
  const resolved =
    file === ''
      ? page
      : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(file)));
  if (resolved.startsWith('../') || path.posix.isAbsolute(resolved))
    return `${target} points outside the repository`;
  if (!existsSync(path.join(root, resolved))) return `${target}: no file ${resolved}`;
  if (anchor === undefined) return undefined;
  if (!resolved.endsWith('.md') || statSync(path.join(root, resolved)).isDirectory())
    return `${target}: an anchor into a file that is not markdown`;
  if (!headingSlugs(tokensOf(resolved)).has(decodeURIComponent(anchor)))
    return `${target}: ${resolved} has no heading #${anchor}`;
  return undefined;
}

describe('README.md and docs/', () => {
  it('README.md is a front door of at most 250 lines', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length - 1;
    expect(lines).toBeLessThanOrEqual(250);
  });

  it.each(pages)('every relative link and anchor of %s resolves', (page) => {
    const problems = targetsOf(tokensOf(page))
      .filter((target) => !external(target))
      .map((target) => problemOf(page, target))
      .filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('README.md names no file outside the repository, in links or in text', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n');
    expect(lines.filter((line) => /(?:^|[\s(`'"])\.\.\//.test(line))).toEqual([]);
  });

  it('every page of docs/ is reachable from README.md', () => {
    const reached = new Set<string>(['README.md']);
    const queue = ['README.md'];
    for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
      for (const target of targetsOf(tokensOf(page))) {
        const file = target.split('#')[0] ?? '';
        if (external(target) || !file.endsWith('.md')) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
        if (!pages.includes(resolved) || reached.has(resolved)) continue;
        reached.add(resolved);
        queue.push(resolved);
      }
    }
    expect(pages.filter((page) => !reached.has(page))).toEqual([]);
  });

  it('names headings as GitHub does', () => {
    const slugs = headingSlugs(
      markdown.parse(
        "# Layouts: page bundles, `.mdx`, and files\n## Limits\n## Limits\n## The editor's headers — CSP\n",
        {},
      ),
    );
    expect([...slugs]).toEqual([
      'layouts-page-bundles-mdx-and-files',
      'limits',
      'limits-1',
      'the-editors-headers--csp',
    ]);
  });
});
