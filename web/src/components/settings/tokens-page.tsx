import { useState } from 'react';
import { listTokens, revokeToken, type ApiTokenCreated } from '../../api/tokens';
import { useAsync } from '../../lib/use-async';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ErrorMessage, Loading, EmptyState } from '../ui/states';
import { CreateTokenForm } from './create-token-form';
import { TokenSecretDialog } from './token-secret-dialog';
import { TokenTable } from './token-table';
import type { ApiTokenSummary } from '../../../../shared/auth/token-schemas';

/** Settings → API tokens: create one (its secret shown once), list them, revoke with confirmation. */
export function TokensPage() {
  const tokens = useAsync(listTokens, 'tokens');
  const [created, setCreated] = useState<ApiTokenCreated | undefined>();
  const [revoking, setRevoking] = useState<ApiTokenSummary | undefined>();

  return (
    <div className="page">
      <h1>API tokens</h1>
      <p className="muted">
        Tokens let scripts and CI pipelines use the API as you, limited to the repositories and
        permissions you choose.
      </p>
      <CreateTokenForm
        onCreated={(token) => {
          setCreated(token);
          tokens.reload();
        }}
      />
      <section aria-labelledby="tokens-title" className="section">
        <h2 id="tokens-title">Your tokens</h2>
        {tokens.status === 'error' && <ErrorMessage error={tokens.error} onRetry={tokens.retry} />}
        {!tokens.data && tokens.status === 'loading' && <Loading label="Loading tokens…" />}
        {tokens.data && tokens.data.length === 0 && (
          <EmptyState title="No tokens yet">
            Create one above when a script needs access.
          </EmptyState>
        )}
        {tokens.data && tokens.data.length > 0 && (
          <TokenTable tokens={tokens.data} onRevoke={setRevoking} />
        )}
      </section>
      {created && <TokenSecretDialog token={created} onClose={() => setCreated(undefined)} />}
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke"
          tone="danger"
          onCancel={() => setRevoking(undefined)}
          onConfirm={async () => {
            await revokeToken(revoking.tokenId);
            setRevoking(undefined);
            tokens.reload();
          }}
        >
          Anything still using this token is refused from its very next request. This cannot be
          undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
