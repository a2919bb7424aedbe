import { useState } from 'react';
import { disconnectRepo, listHostRepos, listRepos } from '../../api/repos';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { Link } from '../../router/link';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Icon } from '../ui/icons';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';
import { ConnectRepo } from './connect-repo';
import { NoAccess } from './no-access';

/** Connected repositories, connecting another, disconnecting with confirmation. */
export function ReposPage() {
  const repos = useAsync(listRepos, 'repos');
  const hostRepos = useAsync(listHostRepos, 'host-repos');
  const [disconnecting, setDisconnecting] = useState<string | undefined>();
  const connected = repos.data ?? [];
  // Nothing connected that they reach, and nothing they could connect: the one no-access message.
  if (repos.data?.length === 0 && hostRepos.data?.length === 0)
    return (
      <div className="page">
        <h1>Repositories</h1>
        <NoAccess level={2} />
      </div>
    );

  return (
    <div className="page">
      <h1>Repositories</h1>
      <section aria-labelledby="connected-title" className="section">
        <h2 id="connected-title">Connected</h2>
        {repos.status === 'error' && <ErrorMessage error={repos.error} onRetry={repos.retry} />}
        {repos.status === 'loading' && !repos.data && <Loading label="Loading repositories…" />}
        {repos.data && connected.length === 0 && (
          <EmptyState title="No repository connected yet">
            Connect one below to start editing its content.
          </EmptyState>
        )}
        {connected.length > 0 && (
          <ul className="card-list" aria-label="Connected repositories">
            {connected.map((repo) => (
              <li key={repo.fullName} className="card repo-card">
                <Link to={{ name: 'repo', repo: repo.fullName }} className="card-link">
                  <Icon name="repo" />
                  <span className="repo-name">{repo.fullName}</span>
                </Link>
                <span className="muted small">Connected {formatDateTime(repo.addedAt)}</span>
                <button
                  type="button"
                  className="button ghost small"
                  onClick={() => setDisconnecting(repo.fullName)}
                  aria-label={`Disconnect ${repo.fullName}`}
                >
                  Disconnect
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConnectRepo
        hostRepos={hostRepos}
        connected={connected.map((repo) => repo.fullName)}
        onConnected={repos.reload}
      />
      {disconnecting && (
        <ConfirmDialog
          title={`Disconnect ${disconnecting}?`}
          confirmLabel="Disconnect"
          tone="danger"
          onCancel={() => setDisconnecting(undefined)}
          onConfirm={async () => {
            await disconnectRepo(disconnecting);
            setDisconnecting(undefined);
            repos.reload();
          }}
        >
          The editor stops showing this repository. Nothing in the repository changes, and you can
          connect it again at any time.
        </ConfirmDialog>
      )}
    </div>
  );
}
