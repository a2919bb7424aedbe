import { getItem } from '../../api/content';
import { ApiError } from '../../api/client';
import { listPulls } from '../../api/pulls';
import { useAsync } from '../../lib/use-async';
import { useRepo } from '../repos/repo-context';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';
import { preloadFieldKinds } from './field-kinds';
import { ItemEditor, type LoadedItem } from './item-editor';

interface EditorPageProps {
  collection: string;
  /** Absent for a new item. */
  slug?: string;
}

/**
 * Loads what the editor edits: the item on the default branch, or its draft when one is in review
 * (the service answers `branch`/`prNumber`), or only the draft for an item created as a draft.
 */
export function EditorPage({ collection, slug }: EditorPageProps) {
  const { repo, config } = useRepo();
  const definition = config.collections[collection];
  const loaded = useAsync<LoadedItem | undefined>(async () => {
    // The inputs of the collection's rarer field types load while the item does.
    if (definition) preloadFieldKinds(definition.fields).catch(() => undefined);
    if (slug === undefined) return undefined;
    try {
      const item = await getItem(repo, collection, slug);
      if (!item.branch) return { item, mainSha: item.sha };
      const draft = await getItem(repo, collection, slug, item.branch);
      return {
        item: { ...draft, branch: item.branch, prNumber: item.prNumber },
        mainSha: item.sha,
      };
    } catch (cause) {
      if (!(cause instanceof ApiError && cause.status === 404)) throw cause;
      const draftPull = (await listPulls(repo)).find(
        (pull) => pull.collection === collection && pull.slug === slug,
      );
      if (!draftPull) throw cause;
      const draft = await getItem(repo, collection, slug, draftPull.branch);
      return {
        item: { ...draft, branch: draftPull.branch, prNumber: draftPull.number },
        mainSha: undefined,
      };
    }
  }, `${repo}:${collection}:${slug}`);

  if (!definition)
    return (
      <EmptyState
        title={`There is no collection "${collection}" in this repository's configuration`}
      />
    );
  if (loaded.status === 'error')
    return <ErrorMessage error={loaded.error} onRetry={loaded.reload} />;
  if (loaded.status === 'loading') return <Loading label="Loading the item…" />;
  return (
    <ItemEditor
      key={loaded.data?.item.sha ?? 'new'}
      repo={repo}
      collection={collection}
      definition={definition}
      loaded={loaded.data}
    />
  );
}
