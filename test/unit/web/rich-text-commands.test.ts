import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { formatting, keys, setLink } from '../../../web/src/lib/rich-text/commands';
import { fromRichText, toRichText } from '../../../web/src/lib/rich-text/document';

/** The rich-text mode's commands, run on editor states as the toolbar and keys run them. */

function stateAt(body: string, text: string, length = 0) {
  const { doc, source } = toRichText(body);
  let from = -1;
  doc.descendants((node, pos) => {
    if (from < 0 && node.isText && node.text!.includes(text)) from = pos + node.text!.indexOf(text);
  });
  const state = EditorState.create({
    doc,
    selection: TextSelection.create(doc, from, from + length),
  });
  return { state, source };
}

function run(body: string, text: string, length: number, command: (typeof keys)[string]) {
  const { state, source } = stateAt(body, text, length);
  let next = state;
  command(state, (transaction) => (next = state.apply(transaction)));
  return fromRichText(next.doc, source);
}

describe('rich-text commands', () => {
  it('bolds, links and heads only the block they touch', () => {
    const body = 'Keep this.\n\nMake this bold.\n\n| a |\n|---|\n';
    expect(run(body, 'bold', 4, formatting.bold)).toBe(
      'Keep this.\n\nMake this **bold**.\n\n| a |\n|---|\n',
    );
    expect(run(body, 'this bold', 4, setLink('https://example.com/a b'))).toBe(
      'Keep this.\n\nMake [this](<https://example.com/a b>) bold.\n\n| a |\n|---|\n',
    );
    expect(run(body, 'Make', 0, formatting.heading)).toBe(
      'Keep this.\n\n## Make this bold.\n\n| a |\n|---|\n',
    );
  });

  it('makes Enter a new line inside a code block in a list item, and a new item elsewhere in a list', () => {
    const body = '- item\n\n  ```\n  code\n  ```\n';
    expect(run(body, 'code', 0, keys.Enter!)).toBe('- item\n\n  ```\n\n  code\n  ```\n');
    expect(run('- one\n- two\n', 'two', 0, keys.Enter!)).toBe('- one\n-\n- two\n');
  });
});
