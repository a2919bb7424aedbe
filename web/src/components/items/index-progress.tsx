import type { IndexProgress as Progress } from '../../lib/index-wait';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The collection's index being built, while a sorted or searched list waits for it: a progress bar
 * (role progressbar, its value and maximum the files read and to read) and the same in words.
 */
export function IndexProgress({ progress, note }: { progress: Progress; note?: string }) {
  const words = `Indexing ${count(progress.done)} of ${count(progress.total)} files…`;
  const share = progress.total > 0 ? Math.min(progress.done / progress.total, 1) : 0;
  return (
    <div className="banner banner-info index-progress" data-testid="index-progress">
      <div
        role="progressbar"
        aria-label="Indexing the collection"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={words}
        className="index-progress-track"
      >
        <div className="index-progress-bar" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      <span className="small">
        {words}
        {note ? ` ${note}` : ''}
      </span>
    </div>
  );
}
