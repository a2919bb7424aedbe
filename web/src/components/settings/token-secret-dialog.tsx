import { useRef, useState } from 'react';
import type { ApiTokenCreated } from '../../api/tokens';
import { Dialog } from '../ui/dialog';
import { Icon } from '../ui/icons';

/** The new token's secret, shown this one time, with a copy button. */
export function TokenSecretDialog({ token, onClose }: { token: ApiTokenCreated; onClose(): void }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied('Copied to the clipboard.');
    } catch {
      field.current?.select();
      setCopied('The browser refused to copy: the token is selected, press Ctrl+C (⌘C).');
    }
  };
  return (
    <Dialog
      title={`Token “${token.name}” created`}
      onClose={onClose}
      actions={
        <button type="button" className="button primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <p>
        Copy it now: this is the only time it is shown. If you lose it, revoke it and create
        another.
      </p>
      <div className="secret-row">
        <label htmlFor="token-secret" className="visually-hidden">
          Token
        </label>
        <input
          id="token-secret"
          ref={field}
          readOnly
          value={token.token}
          className="secret"
          onFocus={(event) => event.target.select()}
          data-testid="token-secret"
          spellCheck={false}
        />
        <button type="button" className="button" onClick={copy} data-autofocus>
          <Icon name="copy" /> Copy
        </button>
      </div>
      <p role="status" className="muted small">
        {copied ?? ''}
      </p>
    </Dialog>
  );
}
