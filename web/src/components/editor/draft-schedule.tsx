import { listSchedules } from '../../api/schedules';
import { formatLocalTime } from '../../lib/local-time';
import { useAsync } from '../../lib/use-async';

/**
 * When the change request being edited is set to publish later, the banner says when, in the
 * editor's time zone (named). Asked only for an item with a draft; the banner shows without it if
 * the schedules cannot be read.
 */
export default function DraftSchedule({ repo, number }: { repo: string; number: number }) {
  const schedules = useAsync(() => listSchedules(repo), `schedules:${repo}`);
  const pending = schedules.data?.schedules.find(
    (schedule) =>
      schedule.action === 'publish' && schedule.pull === number && schedule.state === 'pending',
  );
  if (!pending) return null;
  return (
    <span data-testid="draft-scheduled">
      Scheduled to publish <strong>{formatLocalTime(pending.at)}</strong>.
    </span>
  );
}
