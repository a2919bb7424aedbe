import { lazy, Suspense, type Ref } from 'react';
import type { BodyMode } from '../../lib/body-mode';
import type { UploadFiles } from './body-uploads';
import type { MarkdownEditorHandle } from './markdown-editor';

// Each mode loads its own editor: CodeMirror for markdown (the default), ProseMirror and the
// markdown reader for rich text, so neither screen carries the other's editor (see the bench).
const MarkdownEditor = lazy(() =>
  import('./markdown-editor').then((module) => ({ default: module.MarkdownEditor })),
);
const RichTextBody = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextBody })),
);

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
        <RichTextBody id={id} value={value} onChange={onChange} labelledBy={labelledBy} mdx={mdx} />
      )}
    </Suspense>
  );
}
