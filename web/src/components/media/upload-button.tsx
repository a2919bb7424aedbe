import { useRef } from 'react';

interface UploadButtonProps {
  /** The button's text, e.g. "Upload…". */
  children: string;
  /** What the hidden file input is for, for assistive technology. */
  inputLabel: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** The files chosen; the input is cleared first, so choosing the same file again works. */
  onFiles: (files: File[]) => void;
}

/** A button that opens the system's file picker (its own input stays hidden and out of the tab order). */
export function UploadButton({
  children,
  inputLabel,
  accept,
  multiple,
  disabled,
  describedBy,
  onFiles,
}: UploadButtonProps) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="button small"
        onClick={() => picker.current?.click()}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        {children}
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={inputLabel}
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
