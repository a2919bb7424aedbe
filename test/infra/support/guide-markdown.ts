import { readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { projectRoot } from './synth';

/**
 * docs/deploy-aws.md as markdown-it reads it: the tables marked with an HTML comment, the code
 * blocks, the text. Tests compare what the guide says with the synthesised template.
 */
export function readGuide(file = path.join(projectRoot, 'docs', 'deploy-aws.md')) {
  const text = readFileSync(file, 'utf8');
  const tokens = new MarkdownIt({ html: true }).parse(text, {});

  /** The cells (inline text) of each body row of the first table after the HTML comment containing `marker`. */
  function tableAfter(marker: string): string[][] {
    const at = tokens.findIndex(
      (token) => token.type === 'html_block' && token.content.includes(marker),
    );
    if (at === -1)
      throw new Error(`docs/deploy-aws.md has no <!-- ${marker} --> comment before its table`);
    const open = tokens.findIndex((token, index) => index > at && token.type === 'table_open');
    const close = tokens.findIndex((token, index) => index > open && token.type === 'table_close');
    const rows: string[][] = [];
    let inBody = false;
    for (const token of tokens.slice(open, close)) {
      if (token.type === 'tbody_open') inBody = true;
      if (inBody && token.type === 'tr_open') rows.push([]);
      if (inBody && token.type === 'inline') rows.at(-1)!.push(plain(token));
    }
    return rows;
  }

  /** The code block (fenced, of `language`) whose text contains `needle`. */
  function fenceContaining(language: string, needle: string): string {
    const fence = tokens.find(
      (token) =>
        token.type === 'fence' && token.info.trim() === language && token.content.includes(needle),
    );
    if (!fence) throw new Error(`docs/deploy-aws.md has no ${language} block containing ${needle}`);
    return fence.content;
  }

  return { text, tableAfter, fenceContaining };
}

/** A cell's text without markdown: code spans keep their content. */
const plain = (inline: Token) =>
  (inline.children ?? [])
    .map((child) => child.content)
    .join('')
    .trim();
