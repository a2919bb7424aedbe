import { useId, useState } from 'react';
import type { PullRequestDetail } from '../../../../shared/pulls/schemas';
import {
  cancelSchedule,
  listSchedules,
  reschedule,
  schedulePublish,
  type Schedule,
} from '../../api/schedules';
import { formatDateTime } from '../../lib/format';
import { formatLocalTime, withLocalOffset, zoneAt } from '../../lib/local-time';
import { useAsync } from '../../lib/use-async';
import { useRepo } from '../repos/repo-context';

/** An instant as the `datetime-local` value of the same moment in the browser's zone. */
const toLocalInput = (iso: string): string => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
const inAnHour = () => toLocalInput(new Date(Date.now() + 3_600_000).toISOString());

const stateText: Record<Schedule['state'], string> = {
  pending: 'Scheduled',
  running: 'Publishing now',
  done: 'Published on schedule',
  failed: 'Scheduled publish failed',
  cancelled: 'Schedule cancelled',
  ended: 'Schedule ended',
};

/**
 * Publish later: the draft's pending schedule (move, cancel) or a form to set one, and what became
 * of earlier ones (a failure says why). The run uses the access of whoever set it; someone else's
 * schedule is moved or cancelled only by an admin, which `viewer` (the signed-in login) cannot
 * tell here: the panel says so, and the service's 403 explains a refusal.
 */
export function SchedulePanel({ pull, viewer }: { pull: PullRequestDetail; viewer?: string }) {
  const { repo, reloadPulls } = useRepo();
  const schedules = useAsync(() => listSchedules(repo), `schedules:${repo}`);
  const [when, setWhen] = useState(inAnHour);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const inputId = useId();

  const mine = (schedules.data?.schedules ?? []).filter(
    (schedule) => schedule.action === 'publish' && schedule.pull === pull.number,
  );
  const pending = mine.find((schedule) => schedule.state === 'pending');
  const last = [...mine].reverse().find((schedule) => schedule.state !== 'pending');

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
      schedules.reload();
      reloadPulls();
    } catch (cause) {
      setProblem((cause as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (pull.state !== 'open' && !last) return null;
  const blocked = (pull.mergeBlockers ?? []).length > 0;
  return (
    <section className="schedule-panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="small-heading">
        Publish later
      </h2>
      {pending && (
        <p role="status" data-testid="schedule-pending">
          {stateText.pending} for <strong>{formatLocalTime(pending.at)}</strong> by @
          {pending.createdBy}.
        </p>
      )}
      {pending && viewer && pending.createdBy.toLowerCase() !== viewer.toLowerCase() && (
        <p className="muted small" data-testid="schedule-owner">
          Only @{pending.createdBy} or an admin of {repo} on GitHub can move or cancel it.
        </p>
      )}
      {last && (
        <p
          className={last.state === 'failed' ? 'error-text' : 'muted small'}
          data-testid="schedule-last"
        >
          {stateText[last.state]} ({formatDateTime(last.finishedAt ?? last.at)})
          {last.error ? `: ${last.error}` : '.'}
        </p>
      )}
      {pull.state === 'open' && !blocked && (
        <form
          className="button-row"
          onSubmit={(event) => {
            event.preventDefault();
            void act(() =>
              pending
                ? reschedule(repo, pending.id, withLocalOffset(when))
                : schedulePublish(repo, pull.number, withLocalOffset(when)),
            );
          }}
        >
          <label htmlFor={inputId}>
            {pending ? 'Move to' : 'Publish at'}{' '}
            <span className="muted small">({zoneAt(when)})</span>
          </label>
          <input
            id={inputId}
            type="datetime-local"
            required
            value={when}
            onChange={(event) => setWhen(event.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            {pending ? 'Move' : 'Schedule publish'}
          </button>
          {pending && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void act(() => cancelSchedule(repo, pending.id))}
            >
              Cancel schedule
            </button>
          )}
        </form>
      )}
      {problem && (
        <p role="alert" className="error-text">
          {problem}
        </p>
      )}
    </section>
  );
}
