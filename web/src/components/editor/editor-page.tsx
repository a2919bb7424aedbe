import { useState } from 'react';
import type { ContentDiff } from '../../../../shared/pulls/schemas';
import { createTranslation, getItem } from '../../api/content';
import { ApiError } from '../../api/client';
import { getPullDiff, listPulls } from '../../api/pulls';
import { listSets } from '../../api/sets';
import { localeLabel, screenLocalesOf, type ScreenLocales } from '../../lib/locales';
import { setBranchOf, setHolding } from '../../lib/set-items';
import { useAsync } from '../../lib/use-async';
import { Link } from '../../router/link';
import { LocaleSwitcher } from '../i18n/locale-switcher';
import { loadTranslation } from '../i18n/load-translation';
import { useRepo } from '../repos/repo-context';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';
import { preloadFieldKinds } from './field-kinds';
import { ItemEditor, type LoadedItem } from './item-editor';
import type { SetInfo } from './save-flow';

interface EditorPageProps {
  collection: string;
  /** Absent for a new item. */
  slug?: string;
  /** Open the item's History panel (an address from the activity page). */
  showHistory?: boolean;
  /** A translated collection's locale from the address (`?locale=`); absent: the default. */
  locale?: string;
}

/**
 * Loads what the editor edits: the item on the default branch, or its draft when one is in review,
 * or only the draft for an item created as a draft. An item with an open change request is read
 * on its branch, and its diff says whether the default branch has it at all: asking the default
 * branch for an item that is only on its change request would be a 404 in the console.
 */
export function EditorPage({ collection, slug, showHistory, locale }: EditorPageProps) {
  const { repo, config, pulls } = useRepo();
  const definition = config.collections[collection];
  const locales =
    slug === undefined ? undefined : screenLocalesOf({ config, collection: definition, locale });
  const translation = locales?.query;
  // A translation just created from the missing-locale screen, opened without another read.
  const [created, setCreated] = useState<LoadedItem>();
  const loaded = useAsync<LoadedItem | undefined | 'missing' | DeletedInSet>(
    async () => {
      // The inputs of the collection's rarer field types load while the item does.
      if (definition) preloadFieldKinds(definition.fields).catch(() => undefined);
      if (slug === undefined) return undefined;
      if (translation !== undefined)
        return loadTranslation({ repo, collection, slug, locale: translation, pulls: pulls.data });
      const open = pulls.data ?? (await listPulls(repo));
      const known = open.find((pull) => pull.collection === collection && pull.slug === slug);
      if (known) return loadWithPull({ repo, collection, slug, pull: known });
      // Only a repository with open change sets asks which of them holds the item: one request more.
      const inSet = open.some((pull) => pull.set !== undefined)
        ? await loadFromSet({ repo, collection, slug })
        : undefined;
      if (inSet) return inSet;
      try {
        const item = await getItem(repo, collection, slug);
        if (!item.branch) return { item, mainSha: item.sha };
        const draft = await getItem(repo, collection, slug, item.branch);
        return {
          item: { ...draft, branch: item.branch, prNumber: item.prNumber },
          mainSha: item.sha,
        };
      } catch (cause) {
        // A change request opened since the list of them was read.
        if (!(cause instanceof ApiError && cause.status === 404)) throw cause;
        const draftPull = (await listPulls(repo)).find(
          (pull) => pull.collection === collection && pull.slug === slug,
        );
        if (draftPull) return loadWithPull({ repo, collection, slug, pull: draftPull });
        // Or a new item saved into a change set: main has no such item.
        const inSet = await loadFromSet({ repo, collection, slug });
        if (!inSet) throw cause;
        return inSet;
      }
    },
    `${repo}:${collection}:${slug}:${translation ?? ''}`,
  );

  if (!definition)
    return (
      <EmptyState
        title={`There is no collection "${collection}" in this repository's configuration`}
      />
    );
  if (loaded.status === 'error')
    return <ErrorMessage error={loaded.error} onRetry={loaded.retry} />;
  if (loaded.status === 'loading') return <Loading label="Loading the item…" />;
  const opened =
    created && created.locale === translation && created.item.slug === slug ? created : loaded.data;
  if (opened === 'missing' && locales && slug !== undefined)
    return (
      <MissingTranslation
        repo={repo}
        collection={collection}
        slug={slug}
        locales={locales}
        mode={definition.workflow?.default === 'pr' ? 'branch' : 'direct'}
        onCreated={setCreated}
      />
    );
  if (opened === 'missing') return null;
  if (opened && 'deletedIn' in opened)
    return <ItemDeletedInSet repo={repo} slug={slug ?? ''} set={opened.deletedIn} />;
  return (
    <ItemEditor
      key={opened?.item.sha ?? 'new'}
      repo={repo}
      collection={collection}
      definition={definition}
      loaded={opened}
      onReload={loaded.reload}
      showHistory={showHistory}
      locales={locales}
    />
  );
}

/**
 * A locale the item has no file in: said plainly, with the switcher to the locales it has, and
 * one action making the translation from the default locale's file (the service copies what is
 * not to translate, and names the required fields it copied to translate).
 */
function MissingTranslation(props: {
  repo: string;
  collection: string;
  slug: string;
  locales: ScreenLocales;
  mode: 'direct' | 'branch';
  onCreated(loaded: LoadedItem): void;
}) {
  const { repo, collection, slug, locales, mode, onCreated } = props;
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string>();
  const itemIn = (to: string | undefined) =>
    ({ name: 'item', repo, collection, slug, ...(to && { locale: to }) }) as const;
  const create = async () => {
    setCreating(true);
    setError(undefined);
    try {
      const item = await createTranslation(repo, collection, slug, {
        locale: locales.current,
        mode,
      });
      onCreated({
        item,
        locale: locales.current,
        ...(mode === 'direct' ? { mainSha: item.sha } : {}),
      });
    } catch (cause) {
      setError((cause as Error).message);
      setCreating(false);
    }
  };
  return (
    <div className="page">
      <LocaleSwitcher locales={locales} routeOf={itemIn} />
      <EmptyState title={`This item has no ${localeLabel(locales.current)} translation yet`}>
        <p>
          <button type="button" className="button primary" disabled={creating} onClick={create}>
            {creating ? 'Creating the translation…' : 'Create translation'}
          </button>
        </p>
        {error !== undefined && <ErrorMessage error={error} />}
        <Link to={itemIn(undefined)}>Open its {localeLabel(locales.default)} version</Link>
      </EmptyState>
    </div>
  );
}

/** An item the change set holding it deletes: there is nothing of it to edit on the set's branch. */
interface DeletedInSet {
  deletedIn: SetInfo;
}

/** The item as the open change set holding it has it, if one does (one request for the sets). */
async function loadFromSet(input: {
  repo: string;
  collection: string;
  slug: string;
}): Promise<LoadedItem | DeletedInSet | undefined> {
  const set = setHolding(await listSets(input.repo), input);
  if (!set) return undefined;
  // The set's diff first: asking its branch for an item it deletes would be a 404 in the console.
  const diffs = await getPullDiff(input.repo, set.number);
  const own = diffs.find(
    (diff) => diff.collection === input.collection && diff.slug === input.slug,
  );
  if (own?.type === 'deleted' && own.previousSlug === undefined) return { deletedIn: set };
  const pull = { branch: setBranchOf(set.name), number: set.number };
  return { ...(await loadWithPull({ ...input, pull, diffs })), set };
}

/** Said plainly, with the way to keep the item: take it out of the set on the set's page. */
function ItemDeletedInSet({ repo, slug, set }: { repo: string; slug: string; set: SetInfo }) {
  return (
    <div className="page">
      <EmptyState title={`${slug} is deleted in change set ${set.title}`}>
        It goes when the set is published. To keep it, take it out of the set on{' '}
        <Link to={{ name: 'review', repo, number: set.number }}>the change set’s page</Link>.
      </EmptyState>
    </div>
  );
}

/**
 * An item with an open change request: its draft, and its diff to tell whether the default branch
 * has the item at all (a new item's is `added`, a renamed one's names its previous slug); only
 * then is the default branch asked for it.
 */
async function loadWithPull(input: {
  repo: string;
  collection: string;
  slug: string;
  pull: { branch: string; number: number };
  /** The change request's diff, when it was read already. */
  diffs?: ContentDiff[];
}): Promise<LoadedItem> {
  const { repo, collection, slug, pull } = input;
  const [draft, diffs] = await Promise.all([
    getItem(repo, collection, slug, pull.branch),
    input.diffs ?? getPullDiff(repo, pull.number),
  ]);
  const own = diffs.find((diff) => diff.collection === collection && diff.slug === slug);
  // New on the change request, or renamed to this slug there: the default branch has no such item.
  const onlyHere = own?.type === 'added' || own?.previousSlug !== undefined;
  const mainSha = onlyHere ? undefined : (await getItem(repo, collection, slug)).sha;
  return { item: { ...draft, branch: pull.branch, prNumber: pull.number }, mainSha };
}
