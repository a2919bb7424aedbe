import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { commonmarkLanguage, markdownKeymap, pasteURLAsLink } from '@codemirror/lang-markdown';
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { keepCodeMirrorStylesInStylesheet } from '../../lib/codemirror-styles';
import { openBodySearch } from './body-search';
import { insertUploads, type UploadFiles } from './body-uploads';

interface MarkdownEditorProps {
  id: string;
  value: string;
  onChange(value: string): void;
  labelledBy: string;
  /** When given, images pasted or dropped into the body are uploaded and linked at the cursor. */
  uploadFiles?: UploadFiles;
  /** Filled with what other controls may do at the cursor (insert a chosen file's link, upload). */
  ref?: Ref<MarkdownEditorHandle>;
}

export interface MarkdownEditorHandle {
  /** Inserts text at the cursor (replacing the selection) and gives the editor focus. */
  insert(text: string): void;
  /** Uploads files with a placeholder at the cursor, as a paste would. */
  upload(files: File[]): Promise<void>;
}

// The Content-Security-Policy refuses the <style> element CodeMirror would create.
keepCodeMirrorStylesInStylesheet();

// Colours come from CSS variables so the editor follows the light and dark themes.
const highlight = HighlightStyle.define([
  { tag: tags.heading, fontWeight: '700', color: 'var(--md-heading)' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--accent)' },
  { tag: tags.monospace, fontFamily: 'var(--mono)', color: 'var(--md-code)' },
  { tag: tags.quote, color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: 'var(--muted)' },
]);

/**
 * Markdown as `markdown()` configures it, less the HTML language it nests in a body's tags: that
 * brings CodeMirror's HTML, CSS and JavaScript support (about 40 KB gzipped) to every editor, to
 * colour the rare inline tag. Lists still continue on Enter and markup still goes on Backspace.
 */
const markdownSupport = new LanguageSupport(commonmarkLanguage, [
  Prec.high(keymap.of(markdownKeymap)),
  pasteURLAsLink,
]);

/**
 * CodeMirror 6 in markdown mode. Tab is left to the browser (moving focus), so the editor is never a
 * keyboard trap; indenting lists uses Ctrl-] / Ctrl-[ from the default keymap.
 */
export function MarkdownEditor({
  id,
  value,
  onChange,
  labelledBy,
  uploadFiles,
  ref,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  // The latest callbacks, as useLatest keeps them (not imported: in this lazily loaded chunk it would split
  // that hook into a file of its own that every screen then loads).
  const change = useRef(onChange);
  const upload = useRef(uploadFiles);
  useLayoutEffect(() => {
    change.current = onChange;
    upload.current = uploadFiles;
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([
            {
              key: 'Mod-f',
              preventDefault: true,
              run: (editor) => {
                void openBodySearch(editor);
                return true;
              },
            },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          markdownSupport,
          syntaxHighlighting(highlight),
          EditorView.lineWrapping,
          placeholder('Write the body in markdown…'),
          EditorView.contentAttributes.of({
            id,
            'aria-labelledby': labelledBy,
            'aria-multiline': 'true',
            spellcheck: 'true',
          }),
          EditorView.domEventHandlers({
            paste(event, editor) {
              const files = Array.from(event.clipboardData?.files ?? []);
              if (!upload.current || files.length === 0) return false;
              event.preventDefault();
              void insertUploads(editor, files, editor.state.selection.main.head, upload.current);
              return true;
            },
            drop(event, editor) {
              const files = Array.from(event.dataTransfer?.files ?? []);
              if (!upload.current || files.length === 0) return false;
              event.preventDefault();
              const at = editor.posAtCoords({ x: event.clientX, y: event.clientY }, false);
              void insertUploads(editor, files, at, upload.current);
              return true;
            },
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) change.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The document is owned by CodeMirror after creation; outside changes arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once per mount, on purpose
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      insert(text) {
        const editor = view.current;
        if (!editor) return;
        const { from, to } = editor.state.selection.main;
        editor.dispatch({
          changes: { from, to, insert: text },
          selection: { anchor: from + text.length },
        });
        editor.focus();
      },
      async upload(files) {
        const editor = view.current;
        if (editor && upload.current)
          await insertUploads(editor, files, editor.state.selection.main.head, upload.current);
      },
    }),
    [upload],
  );

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className="markdown-editor" />;
}
