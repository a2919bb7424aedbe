import { useRef } from 'react';
import { useBodyMode } from '../../lib/body-mode';
import { bodyId } from '../../lib/field-ids';
import { useMediaScope } from '../media/media-scope';
import { UploadProgress } from '../media/upload-progress';
import type { useBodyUploads } from '../media/use-body-uploads';
import { BodyEditor, BodyModeSwitch } from './body-editor';
import { BodyMediaBar } from './body-media-bar';
import type { MarkdownEditorHandle } from './markdown-editor';
import { WritingAids } from './writing-aids';

interface BodySectionProps {
  body: string;
  onChange(body: string): void;
  /** The item is an .mdx file: its body holds JSX blocks. */
  mdx: boolean;
  readOnly: boolean;
  uploads: ReturnType<typeof useBodyUploads>;
  focused: boolean;
  onFocusedChange(focused: boolean): void;
}

/** The body field: its mode switch (markdown or rich text), the editor, media and writing aids. */
export function BodySection({
  body,
  onChange,
  mdx,
  readOnly,
  uploads,
  focused,
  onFocusedChange,
}: BodySectionProps) {
  // Where the body's images go (the editor page provides it); none when no media folder serves the item.
  const mediaScope = useMediaScope();
  const editor = useRef<MarkdownEditorHandle | null>(null);
  const [mode, setMode] = useBodyMode();
  return (
    <div className="field field-body">
      <span id="body-label" className="field-label">
        Body
      </span>
      <BodyModeSwitch mode={mode} onModeChange={setMode} />
      <BodyEditor
        mode={mode}
        id={bodyId}
        value={body}
        onChange={onChange}
        labelledBy="body-label"
        mdx={mdx}
        uploadFiles={mediaScope ? uploads.uploadFiles : undefined}
        ref={editor}
      />
      {mediaScope && !readOnly && mode === 'markdown' && (
        <BodyMediaBar
          scope={mediaScope}
          editor={editor}
          busy={uploads.state.progress !== undefined}
          askAlt={uploads.askAlt}
        />
      )}
      <UploadProgress state={uploads.state} />
      <WritingAids body={body} focused={focused} onFocusedChange={onFocusedChange} />
    </div>
  );
}
