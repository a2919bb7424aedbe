import { useEffect, useState } from 'react';
import type { CheckRun, CheckRunAnnotation } from '../../../../shared/pulls/check-schemas';
import { getPullChecks } from '../../api/pulls';
import { useAsync } from '../../lib/use-async';
import { useRepo } from '../repos/repo-context';
import { Icon } from '../ui/icons';
import { ErrorMessage } from '../ui/states';

const stateWords: Record<CheckRun['state'], string> = {
  queued: 'queued',
  in_progress: 'in progress',
  success: 'success',
  failure: 'failure',
  neutral: 'neutral',
  skipped: 'skipped',
  cancelled: 'cancelled',
  timed_out: 'timed out',
  action_required: 'action required',
  stale: 'stale',
};

const running = (run: CheckRun) => run.state === 'queued' || run.state === 'in_progress';

/** How often, and how many times, the runs are read again while one is still running. */
const pollMs = 3000;
const maxPolls = 20;

/**
 * Brings the place an annotation names into view in the diff above: the field's row of the item's
 * field-by-field table, or its body; the item itself when the diff shows no such row.
 */
function showInDiff(annotation: CheckRunAnnotation) {
  const item = document.querySelector<HTMLElement>(
    `.diff-item[data-path="${CSS.escape(annotation.path)}"]`,
  );
  if (!item) return;
  const target =
    (annotation.field &&
      item.querySelector<HTMLElement>(`tr[data-field="${CSS.escape(annotation.field)}"]`)) ||
    (annotation.inBody && item.querySelector<HTMLElement>('[data-part="body"]')) ||
    item;
  target.scrollIntoView({ block: 'center' });
  target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

function AnnotationItem({ annotation }: { annotation: CheckRunAnnotation }) {
  const { config } = useRepo();
  const fields = annotation.collection ? config.collections[annotation.collection]?.fields : [];
  const label = annotation.field
    ? (fields?.find((field) => field.name === annotation.field)?.label ?? annotation.field)
    : undefined;
  const place = label ? `field ${label}` : annotation.inBody ? 'the body' : undefined;
  const lines =
    annotation.startLine === annotation.endLine
      ? `line ${annotation.startLine}`
      : `lines ${annotation.startLine}–${annotation.endLine}`;
  return (
    <li data-testid="check-annotation" data-level={annotation.level} data-field={annotation.field}>
      <span className={`check-state check-${annotation.level}`}>{annotation.level}</span>{' '}
      <code>{annotation.path}</code> <span className="muted small">{lines}</span>
      {place && <span className="small"> · {place}</span>}: {annotation.message}
      {place && annotation.collection && (
        <>
          {' '}
          <button
            type="button"
            className="button ghost small"
            onClick={() => showInDiff(annotation)}
          >
            Show {place} in the changes
          </button>
        </>
      )}
    </li>
  );
}

function RunItem({ run }: { run: CheckRun }) {
  const more = run.annotationsCount - run.annotations.length;
  return (
    <li data-testid={`check-run-${run.name}`} data-state={run.state} className="check-run">
      <strong>{run.name}</strong>{' '}
      <span className={`check-state check-${run.state}`}>{stateWords[run.state]}</span>
      {run.title && <span> {run.title}</span>}
      {run.url && (
        <>
          {' '}
          <a href={run.url} target="_blank" rel="noopener noreferrer">
            {run.name} details <Icon name="external" />
          </a>
        </>
      )}
      {run.summary && <p className="check-summary small">{run.summary}</p>}
      {run.annotations.length > 0 && (
        <ul className="check-annotations" aria-label={`${run.name}: annotations`}>
          {run.annotations.map((annotation, index) => (
            <AnnotationItem key={index} annotation={annotation} />
          ))}
        </ul>
      )}
      {more > 0 && (
        <p className="muted small">
          {more} more annotation{more === 1 ? '' : 's'}: see the details.
        </p>
      )}
    </li>
  );
}

/**
 * The check runs on the draft's head with their reports: state, title, summary and annotations,
 * each naming the field (or the body) of the item its line falls on, with a way to it in the diff.
 * Read again every few seconds while a run is queued or in progress, a limited number of times.
 */
export default function CheckRuns({ number, headSha }: { number: number; headSha: string }) {
  const { repo } = useRepo();
  const checks = useAsync(() => getPullChecks(repo, number), `checks:${repo}:${number}:${headSha}`);
  const [polls, setPolls] = useState(0);
  const pending = checks.data?.checkRuns.some(running) ?? false;
  const reload = checks.reload;
  useEffect(() => {
    if (!pending || polls >= maxPolls) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      reload();
    }, pollMs);
    return () => clearTimeout(timer);
  }, [pending, polls, reload]);

  if (checks.status === 'error' && !checks.data)
    return <ErrorMessage error={checks.error} onRetry={checks.retry} />;
  const runs = checks.data?.checkRuns ?? [];
  if (runs.length === 0) return null;
  return (
    <ul className="check-list check-runs" aria-label="Check runs">
      {runs.map((run) => (
        <RunItem key={run.id} run={run} />
      ))}
    </ul>
  );
}
