import { lazy, Suspense, type Ref } from 'react';
import type { BodyMode } from '../../lib/body-mode';
import type { UploadFiles } from './body-uploads';
import type { MarkdownEditorHandle } from './markdown-editor';

// Each mode loads its own editor: CodeMirror for markdown (the default), ProseMirror and the
// markdown reader for rich text, so neither screen carries the other's editor (see the bench).
const MarkdownEditor = lazy(() =>
  import('./markdown-editor').then((module) => ({ default: module.MarkdownEditor })),
);
const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);
// An .mdx body's rich-text editor also loads the MDX reader; a .md body's never does.
const MdxRichTextEditor = lazy(() =>
  Promise.all([import('./rich-text-editor'), import('../../lib/rich-text/mdx-syntax')]).then(
    ([editor, { mdxSyntax }]) => ({
      default: (props: RichTextProps) => <editor.RichTextEditor {...props} syntax={mdxSyntax} />,
    }),
  ),
);

type RichTextProps = Pick<BodyEditorProps, 'id' | 'value' | 'onChange' | 'labelledBy'>;

interface BodyModeSwitchProps {
  mode: BodyMode;
  onModeChange(mode: BodyMode): void;
}

interface BodyEditorProps {
  mode: BodyMode;
  id: string;
  value: string;
  onChange(value: string): void;
  labelledBy: string;
  /** The body is MDX: the rich-text mode shows its imports, components and expressions as blocks. */
  mdx?: boolean;
  uploadFiles?: UploadFiles;
  ref?: Ref<MarkdownEditorHandle>;
}

/** The "Markdown | Rich text" switch, to place beside the body's label. */
export function BodyModeSwitch({ mode, onModeChange }: BodyModeSwitchProps) {
  return (
    <span className="pane-tabs body-mode" role="group" aria-label="Edit the body as">
      <button
        type="button"
        aria-pressed={mode === 'markdown'}
        onClick={() => onModeChange('markdown')}
      >
        Markdown
      </button>
      <button type="button" aria-pressed={mode === 'rich'} onClick={() => onModeChange('rich')}>
        Rich text
      </button>
    </span>
  );
}

/** The body as markdown source or as rich text; both edit the same string. */
export function BodyEditor({
  mode,
  id,
  value,
  onChange,
  labelledBy,
  mdx = false,
  uploadFiles,
  ref,
}: BodyEditorProps) {
  const Rich = mdx ? MdxRichTextEditor : RichTextEditor;
  return (
    <Suspense fallback={<div className="markdown-editor body-loading" />}>
      {mode === 'markdown' ? (
        <MarkdownEditor
          id={id}
          value={value}
          onChange={onChange}
          labelledBy={labelledBy}
          uploadFiles={uploadFiles}
          ref={ref}
        />
      ) : (
        <Rich id={id} value={value} onChange={onChange} labelledBy={labelledBy} />
      )}
    </Suspense>
  );
}
