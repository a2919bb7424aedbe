import { useState, type FormEvent } from 'react';
import { Dialog } from '../ui/dialog';

/** The question alt-text-prompt.tsx asks, loaded when an image is first placed in the body. */
export function AltTextDialog({ name, answer }: { name: string; answer(alt: string): void }) {
  const [alt, setAlt] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer(alt.trim());
  };
  return (
    <Dialog
      title="Describe the image"
      onClose={() => answer('')}
      actions={
        <button type="submit" form="alt-text-form" className="button primary">
          Insert image
        </button>
      }
    >
      <form id="alt-text-form" onSubmit={submit}>
        <p className="muted small">
          <code>{name}</code>
        </p>
        <label htmlFor="alt-text" className="field-label">
          Alternative text
        </label>
        <input
          id="alt-text"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          aria-describedby="alt-text-hint"
          data-autofocus
        />
        <p id="alt-text-hint" className="field-hint">
          What the image shows, for readers who cannot see it and for search engines. Leave it empty
          for a decorative image.
        </p>
      </form>
    </Dialog>
  );
}
