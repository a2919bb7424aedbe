import { lazy, Suspense, useState } from 'react';
import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { Frontmatter } from '../../../../shared/content/frontmatter';
import type { ItemProblem } from '../../../../shared/content/schemas';
import { formatDateTime } from '../../lib/format';
import type { LocalDraft } from '../../lib/local-drafts';
import { Link } from '../../router/link';
import { useRepo } from '../repos/repo-context';
import { Icon } from '../ui/icons';
import type { PullInfo, SetInfo } from './save-flow';

interface EditorBannersProps {
  repo: string;
  /** The review the version on screen is in, if any. */
  pull?: PullInfo;
  /** The change set the version on screen is in (then `pull` is its pull request). */
  set?: SetInfo;
  /** Why the file cannot be edited as fields. */
  problem?: ItemProblem;
  readOnly: boolean;
  /** The unreadable frontmatter block as it is in the file. */
  rawFrontmatter?: string;
  /** Unsaved edits put back from this browser. */
  restored?: LocalDraft;
  /** The version saved in the repository, and the collection's fields, to show what the restored edits change. */
  saved: { frontmatter: Frontmatter; body: string };
  definitions: readonly FieldDefinition[];
  onDiscardLocal(): void;
}

// Loaded when asked for, so the editor's own bundle does not carry the diff.
const RestoredDiff = lazy(() => import('./restored-diff'));
// Only an item with a draft asks for its schedule: the editor's own bundle does not carry it.
const DraftSchedule = lazy(() => import('./draft-schedule'));

/** What the editor should know before typing: the item is in review, or local edits came back. */
export function EditorBanners({
  repo,
  pull: inReview,
  set,
  problem,
  readOnly,
  rawFrontmatter,
  restored,
  saved,
  definitions,
  onDiscardLocal,
}: EditorBannersProps) {
  const [showDiff, setShowDiff] = useState(false);
  const { pulls } = useRepo();
  // An item opened with a draft knows only the number; the repository's list has the preview address.
  const listed = pulls.data?.find((candidate) => candidate.number === inReview?.number);
  const pull = inReview && { ...inReview, previewUrl: inReview.previewUrl ?? listed?.previewUrl };
  return (
    <>
      {problem && (
        <div className="banner banner-warning" role="alert" data-testid="problem-banner">
          <span>
            {readOnly
              ? 'This file cannot be edited here: '
              : 'The frontmatter of this file could not be read, so the fields below are empty. Saving replaces it with them. '}
            {problem.message}
          </span>
          {rawFrontmatter !== undefined && (
            <details className="banner-details">
              <summary>The frontmatter as it is in the file</summary>
              <pre>{rawFrontmatter}</pre>
            </details>
          )}
        </div>
      )}
      {set && (
        <div className="banner banner-info" data-testid="set-banner">
          <Icon name="review" />
          <span>
            In change set <strong>{set.title}</strong>: saving updates the set, which is reviewed
            and published as a whole.
          </span>
          <span className="banner-links">
            <Link to={{ name: 'review', repo: repo, number: set.number }}>Open the change set</Link>
          </span>
        </div>
      )}
      {pull && !set && (
        <div className="banner banner-info" data-testid="draft-banner">
          <Icon name="review" />
          <span>
            You are editing change request <strong>#{pull.number}</strong>; saving updates it,
            publishing merges it.
          </span>
          <Suspense fallback={null}>
            <DraftSchedule repo={repo} number={pull.number} />
          </Suspense>
          <span className="banner-links">
            <Link to={{ name: 'review', repo: repo, number: pull.number }}>
              Open the change request
            </Link>
            {pull.htmlUrl && (
              <a href={pull.htmlUrl} target="_blank" rel="noopener noreferrer">
                On GitHub <Icon name="external" />
              </a>
            )}
            {pull.previewUrl && (
              <a href={pull.previewUrl} target="_blank" rel="noopener noreferrer">
                Preview site <Icon name="external" />
              </a>
            )}
          </span>
        </div>
      )}
      {restored && (
        <div className="banner banner-warning" role="status">
          <span>Restored your unsaved edits from {formatDateTime(restored.savedAt)}.</span>
          <span className="banner-actions">
            <button
              type="button"
              className="button small"
              aria-expanded={showDiff}
              onClick={() => setShowDiff(!showDiff)}
            >
              {showDiff ? 'Hide what differs' : 'Show what differs'}
            </button>
            <button type="button" className="button small" onClick={onDiscardLocal}>
              Discard them
            </button>
          </span>
        </div>
      )}
      {restored && showDiff && (
        <Suspense fallback={<p className="muted">Comparing…</p>}>
          <RestoredDiff definitions={definitions} saved={saved} restored={restored} />
        </Suspense>
      )}
    </>
  );
}
