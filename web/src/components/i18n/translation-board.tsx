import { localeLabel, screenLocalesOf } from '../../lib/locales';
import { Link } from '../../router/link';
import type { Route } from '../../router/routes';
import { useRepo } from '../repos/repo-context';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';
import { useTranslationReportState } from './use-translation-report';

const count = (n: number) => n.toLocaleString('en-US');

type Status = 'outdated' | 'missing' | 'current' | 'pending';

const rows: { status: Status; label: string; hint: string }[] = [
  { status: 'outdated', label: 'Outdated', hint: 'the default locale changed since' },
  { status: 'missing', label: 'Missing', hint: 'no file in this locale' },
  { status: 'current', label: 'Current', hint: 'up to date' },
];

/**
 * A translated collection's translation board: its locales other than the default as columns,
 * outdated, missing and current as rows, each cell with its count and, for outdated and missing,
 * the items (at most 1,000 per cell, as the report lists them). An outdated item opens in its
 * locale; a missing one opens in the default locale, its switcher marking the locale to translate
 * into. One request, the collection's translation report (asked again while it is partial).
 */
export function TranslationBoard({ collection }: { collection: string }) {
  const { repo, config } = useRepo();
  const definition = config.collections[collection];
  const locales = screenLocalesOf({ config, collection: definition, locale: undefined });
  const report = useTranslationReportState(repo, collection, locales !== undefined);
  if (!definition)
    return (
      <EmptyState
        title={`There is no collection "${collection}" in this repository's configuration`}
      />
    );
  if (!locales)
    return (
      <EmptyState title={`${definition.label} is not translated`}>
        <p>A collection with "i18n" in cms.config.json has a translation board.</p>
      </EmptyState>
    );
  const data = report.data;
  const others = data ? Object.keys(data.locales) : [];
  const linkOf = (status: Status, locale: string, slug: string): Route =>
    status === 'outdated'
      ? { name: 'item', repo, collection, slug, locale }
      : { name: 'item', repo, collection, slug, translate: locale };
  const shown: { status: Status; label: string; hint: string }[] =
    data && data.pending > 0
      ? [...rows, { status: 'pending', label: 'Not read yet', hint: 'still being read' }]
      : rows;

  return (
    <div className="page translation-board">
      <div className="page-header">
        <div>
          <h1>{definition.label}: translations</h1>
          <p className="muted small">
            {data
              ? `${count(data.items)} items in ${localeLabel(data.defaultLocale)}, the default locale`
              : `${definition.directory}/`}
          </p>
        </div>
        <Link to={{ name: 'collection', repo, collection }} className="button">
          Back to the list
        </Link>
      </div>
      {report.status === 'error' && <ErrorMessage error={report.error} onRetry={report.retry} />}
      {!data && report.status === 'loading' && <Loading label="Reading the translations…" />}
      {data && !data.complete && (
        <p className="notice" role="status">
          Partial report: {count(data.pending)} statuses are not known yet.{' '}
          {report.status === 'loading' ? 'Reading more…' : 'Reload the page to read more.'}
        </p>
      )}
      {data && others.length === 0 && <EmptyState title="This collection has no other locale" />}
      {data && others.length > 0 && (
        <table className="translation-table">
          <caption className="visually-hidden">
            Items per locale and status; the default locale is {localeLabel(data.defaultLocale)}
          </caption>
          <thead>
            <tr>
              <td />
              {others.map((locale) => (
                <th key={locale} scope="col" lang={locale}>
                  {localeLabel(locale)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map(({ status, label, hint }) => (
              <tr key={status} className={`status-${status}`}>
                <th scope="row">
                  {label}
                  <span className="muted small"> · {hint}</span>
                </th>
                {others.map((locale) => {
                  const counts = data.locales[locale]!;
                  const n = counts[status];
                  const slugs =
                    status === 'outdated'
                      ? counts.outdatedSlugs
                      : status === 'missing'
                        ? counts.missingSlugs
                        : [];
                  return (
                    <td key={locale} data-locale={localeLabel(locale)}>
                      {slugs.length === 0 ? (
                        <span className="translation-count">{count(n)}</span>
                      ) : (
                        <details>
                          <summary>
                            <span className="translation-count">{count(n)}</span>
                            <span className="visually-hidden">
                              {' '}
                              {label.toLowerCase()} in {localeLabel(locale)}
                            </span>
                          </summary>
                          <ul className="translation-slugs">
                            {slugs.map((slug) => (
                              <li key={slug}>
                                <Link to={linkOf(status, locale, slug)}>{slug}</Link>
                              </li>
                            ))}
                            {slugs.length < n && (
                              <li className="muted small">and {count(n - slugs.length)} more</li>
                            )}
                          </ul>
                        </details>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default TranslationBoard;
