import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { getConfig } from '../../api/repos';
import { listPulls } from '../../api/pulls';
import { columnCounts, countsLabel } from '../../../../shared/pulls/board';
import { useAsync } from '../../lib/use-async';
import { Link } from '../../router/link';
import { useRouter } from '../../router/router';
import { Icon } from '../ui/icons';
import { Loading } from '../ui/states';
import { PaletteLauncher } from './palette-launcher';
import { RepoContext } from './repo-context';
import { ShortcutsHelp } from './shortcuts-dialog';

// Shown only when the config cannot be read, so every screen's first download leaves it out.
const ConfigErrorPage = lazy(() =>
  import('./config-error').then((module) => ({ default: module.ConfigErrorPage })),
);

/** A connected repository: its collections and drafts in a sidebar, the current screen beside. */
export function RepoLayout({ repo, children }: { repo: string; children: ReactNode }) {
  const config = useAsync(() => getConfig(repo), `config:${repo}`);
  const pulls = useAsync(() => listPulls(repo), `pulls:${repo}`);
  const { route } = useRouter();
  const current = 'collection' in route ? route.collection : undefined;
  const { reload: reloadPulls } = pulls;
  const value = useMemo(
    () => (config.data ? { repo, config: config.data, pulls, reloadPulls } : undefined),
    [repo, config.data, pulls, reloadPulls],
  );

  if (config.status === 'error' && !config.data)
    return (
      <Suspense fallback={<Loading label={`Opening ${repo}…`} />}>
        <ConfigErrorPage
          repo={repo}
          error={config.error}
          httpStatus={config.httpStatus}
          onRetry={config.retry}
          onReload={config.reload}
        />
      </Suspense>
    );
  if (!value) return <Loading label={`Opening ${repo}…`} />;

  const counts = pulls.data && pulls.data.length > 0 ? columnCounts(pulls.data) : undefined;
  return (
    <RepoContext.Provider value={value}>
      <div className="repo-layout">
        <nav className="sidebar" aria-label={`${repo} content`}>
          <Link to={{ name: 'repos' }} className="sidebar-repo" title="All repositories">
            <Icon name="repo" />
            <span>
              <span className="sidebar-site">{value.config.name}</span>
              <span className="muted small">{repo}</span>
            </span>
          </Link>
          <PaletteLauncher repo={repo} config={value.config} />
          <h2 className="sidebar-heading">Collections</h2>
          <ul>
            {Object.entries(value.config.collections).map(([name, collection]) => (
              <li key={name}>
                <Link
                  to={{ name: 'collection', repo, collection: name }}
                  aria-current={current === name ? 'page' : undefined}
                >
                  <Icon name="file" />
                  {collection.label}
                </Link>
              </li>
            ))}
            {Object.entries(value.config.problems ?? {}).map(([name, problem]) => (
              <li key={name} className="sidebar-invalid">
                <Link
                  to={{ name: 'collection', repo, collection: name }}
                  aria-current={current === name ? 'page' : undefined}
                >
                  <Icon name="file" />
                  {name}
                </Link>
                <p className="sidebar-problem" role="note">
                  Not opened: cms.config.json needs a fix. <code>{problem}</code>
                </p>
              </li>
            ))}
          </ul>
          <h2 className="sidebar-heading">Publishing</h2>
          <ul>
            <li>
              <Link
                to={{ name: 'reviews', repo }}
                aria-current={
                  route.name === 'reviews' || route.name === 'review' ? 'page' : undefined
                }
              >
                <Icon name="review" />
                Reviews
              </Link>
              {counts && (
                <p className="sidebar-counts" data-testid="review-counts">
                  {countsLabel(counts)}
                </p>
              )}
            </li>
            <li>
              <Link
                to={{ name: 'activity', repo }}
                aria-current={route.name === 'activity' ? 'page' : undefined}
              >
                <Icon name="clock" />
                Activity
              </Link>
            </li>
            <li>
              <Link
                to={{ name: 'webhooks', repo }}
                aria-current={route.name === 'webhooks' ? 'page' : undefined}
              >
                <Icon name="external" />
                Webhooks
              </Link>
            </li>
          </ul>
          <ShortcutsHelp />
        </nav>
        <div className="repo-content">{children}</div>
      </div>
    </RepoContext.Provider>
  );
}
