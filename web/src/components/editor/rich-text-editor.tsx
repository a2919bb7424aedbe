import { history } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { EditorState, Selection, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import 'prosemirror-view/style/prosemirror.css';
import { lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { baseKeymap, keys } from '../../lib/rich-text/commands';
import {
  fromRichText,
  toRichText,
  type RichTextSource,
  type RichTextSyntax,
} from '../../lib/rich-text/document';
import '../../styles/rich-text.css';
import { RichTextToolbar } from './rich-text-toolbar';

interface RichTextEditorProps {
  id: string;
  value: string;
  onChange(value: string): void;
  labelledBy: string;
  /** How the body is read (MDX's reader for an .mdx file); plain markdown when absent. */
  syntax?: RichTextSyntax;
}

const plugins = [history(), keymap(keys), keymap(baseKeymap)];

// An .mdx body's editor also loads MDX's reader; a .md body's never does.
const MdxRichTextEditor = lazy(() =>
  import('../../lib/rich-text/mdx-syntax').then(({ mdxSyntax }) => ({
    default: (props: RichTextEditorProps) => <RichTextEditor {...props} syntax={mdxSyntax} />,
  })),
);

/** The body in rich text, read as MDX when `mdx` (the caller's Suspense covers the reader's load). */
export function RichTextBody({ mdx, ...props }: RichTextEditorProps & { mdx: boolean }) {
  return mdx ? <MdxRichTextEditor {...props} /> : <RichTextEditor {...props} />;
}

/** A state for `body`, and the source map that writes it back (unchanged blocks as they were). */
export function load(
  body: string,
  syntax: RichTextSyntax | undefined,
): { state: EditorState; source: RichTextSource } {
  const { doc, source } = toRichText(body, syntax);
  // The cursor starts in the first text, never on a block shown as source (an MDX import first in
  // the body): typing with such a block selected would replace it.
  const selection = Selection.findFrom(doc.resolve(0), 1, true) ?? undefined;
  return { state: EditorState.create({ doc, plugins, selection }), source };
}

/**
 * The body as rich text (ProseMirror), loaded only when chosen. Each change is written back to
 * markdown at once; blocks the mode cannot express are shown as labelled source, untouched.
 * Switching here and back without an edit gives the body back byte for byte.
 */
export function RichTextEditor({ id, value, onChange, labelledBy, syntax }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const [initial] = useState(() => load(value, syntax));
  const source = useRef(initial.source);
  /** The body as the editor last wrote it or was given it: an equal `value` is not loaded again. */
  const written = useRef(value);
  const [state, setState] = useState(initial.state);
  // The latest onChange, as useLatest keeps it (not imported: in this lazily loaded chunk it would split
  // that hook into a file of its own that every screen then loads).
  const change = useRef(onChange);
  useLayoutEffect(() => {
    change.current = onChange;
  });

  useEffect(() => {
    const editor = new EditorView(host.current!, {
      state: initial.state,
      attributes: {
        id,
        class: 'rich-text-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        spellcheck: 'true',
      },
      dispatchTransaction(transaction) {
        const next = editor.state.apply(transaction);
        editor.updateState(next);
        setState(next);
        if (!transaction.docChanged) return;
        const body = fromRichText(next.doc, source.current);
        if (body === written.current) return;
        written.current = body;
        change.current(body);
      },
    });
    view.current = editor;
    return () => editor.destroy();
    // The document is owned by ProseMirror after creation; outside changes arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once per mount, on purpose
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || value === written.current) return;
    // Changed outside (edits restored, someone else's version taken): start again from it.
    const loaded = load(value, syntax);
    source.current = loaded.source;
    written.current = value;
    editor.updateState(loaded.state);
    setState(loaded.state);
  }, [value, syntax]);

  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch, editor);
    editor.focus();
  };

  return (
    <div className="rich-text-editor">
      <RichTextToolbar state={state} run={run} />
      <div ref={host} />
    </div>
  );
}
