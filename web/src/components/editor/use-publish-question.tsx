import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { DraftItem } from '../../lib/item-query';
import type { SaveAction } from '../../lib/save-plan';
import { useRepo } from '../repos/repo-context';
import { Loading } from '../ui/states';
import type { PullInfo } from './save-flow';

// The review page's own question, loaded when the editor asks it.
const PublishQuestion = lazy(() =>
  import('../reviews/publish-question').then((module) => ({ default: module.PublishQuestion })),
);

/**
 * Publishing an item that has a change request merges that request: the editor asks first, with
 * the question the review page asks (what goes live where, and whether the request is still in
 * progress), whether Publish is clicked, pressed (Ctrl/Cmd-S) or chosen in the palette. Saving
 * as a change request, and publishing an item without one, go ahead at once.
 */
export function usePublishQuestion({
  repo,
  collectionLabel,
  pull,
  slug,
  item,
  save,
}: {
  repo: string;
  collectionLabel: string;
  /** The item's open change request, if any. */
  pull?: PullInfo;
  slug: string;
  /** The item as the draft will have it: its title and file. */
  item: DraftItem;
  save(action: SaveAction): void;
}): { save(action: SaveAction): void; question: ReactNode } {
  const { pulls } = useRepo();
  const [asking, setAsking] = useState(false);
  const ask = (action: SaveAction) => {
    if (action === 'publish' && pull) setAsking(true);
    else save(action);
  };
  // The board's summary says whether the request is still in progress; a request opened since it
  // was read is named by its number and the item's title.
  const summary = pull && pulls.data?.find((candidate) => candidate.number === pull.number);
  const question =
    asking && pull ? (
      <Suspense fallback={<Loading label="Opening the question…" />}>
        <PublishQuestion
          pull={summary ?? { number: pull.number, title: item.title ?? item.fileName, slug }}
          repo={repo}
          item={item}
          collectionLabel={collectionLabel}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            save('publish');
          }}
        />
      </Suspense>
    ) : undefined;
  return { save: ask, question };
}
