import MarkdownIt from 'markdown-it';
import { mdxBlocks } from '../mdx/mdx-blocks';
import { blockParserOptions } from './blocks';
import type { RichTextSyntax } from './document';

/** The rich-text mode's reading of an .mdx body, loaded with the editor of such a file only. */
export const mdxSyntax: RichTextSyntax = {
  parser: new MarkdownIt(blockParserOptions).use(mdxBlocks),
  mdx: true,
};
