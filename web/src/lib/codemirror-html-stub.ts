import { defineLanguageFacet, Language, LanguageSupport } from '@codemirror/language';
import {
  NodeType,
  Parser,
  Tree,
  type Input,
  type PartialParse,
  type TreeFragment,
} from '@lezer/common';

/**
 * Stands in for @codemirror/lang-html, which @codemirror/lang-markdown imports only to colour raw
 * HTML blocks and complete tag names, and which drags the HTML, CSS and JavaScript grammars into
 * the bundle. The preview renders raw HTML as text (markdown-it `html: false`), so the editor
 * shows it as plain text too. Aliased in web/vite.config.ts.
 */
class PlainTextParser extends Parser {
  createParse(
    input: Input,
    _fragments: readonly TreeFragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    const from = ranges[0]?.from ?? 0;
    const to = ranges[ranges.length - 1]?.to ?? input.length;
    return {
      advance: () => new Tree(NodeType.none, [], [], to - from),
      parsedPos: to,
      stopAt() {},
      stoppedAt: null,
    };
  }
}

const plainHtml = new Language(defineLanguageFacet(), new PlainTextParser(), [], 'html');

export const html = (_config?: unknown) => new LanguageSupport(plainHtml);
export const htmlCompletionSource = () => null;
