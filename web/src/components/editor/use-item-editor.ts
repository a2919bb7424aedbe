import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import type { CollectionConfig } from '../../../../shared/content/config-schema';
import { slugProblem } from '../../../../shared/content/slug';
import { ApiError } from '../../api/client';
import { getItem } from '../../api/content';
import { elementIdOf, slugProblemKey } from '../../lib/field-ids';
import { fieldProblemFromServer, type FieldProblems } from '../../lib/field-validation';
import { setFlash, takeFlash } from '../../lib/flash';
import { titleOf, type FieldValue, type Frontmatter } from '../../lib/form-model';
import { clearLocalDraft, draftKey, readLocalDraft } from '../../lib/local-drafts';
import { actionLabels, type SaveAction } from '../../lib/save-plan';
import { useRouter } from '../../router/router';
import { useRepo } from '../repos/repo-context';
import type { LoadedItem } from './editor-state';
import type { SetInfo } from './save-flow';
import { itemEditorReducer, saveMessage, startItemEditor } from './item-editor-reducer';
import {
  editedFrontmatter,
  fileNameOfItem,
  isDirty,
  isReadOnly,
  localProblems,
  shownProblems,
  shownStatus,
  slugOf,
} from './item-editor-view';

/**
 * The item editor screen's state (one reducer, item-editor-reducer.ts), what follows from it, and
 * the effects of the person's actions: saving, the local copy of unsaved edits, leaving.
 */
export function useItemEditor(
  collection: string,
  definition: CollectionConfig,
  loaded: LoadedItem | undefined,
) {
  const { repo, reloadPulls } = useRepo();
  const { navigate } = useRouter();
  const fields = definition.fields;
  const localKey = draftKey(repo, collection, loaded?.item.slug, loaded?.locale);
  const [state, dispatch] = useReducer(itemEditorReducer, undefined, () =>
    startItemEditor({
      type: 'loaded',
      repo,
      collection,
      fields,
      loaded,
      local: readLocalDraft(localKey),
      flash: takeFlash(),
    }),
  );
  /** Set when the item is deleted or discarded: leaving must not keep its edits. */
  const discarded = useRef(false);
  const { location, values, baseline, status, serverProblems, attempted, slugText } = state;

  const { isNew } = location;
  const original = baseline.original;
  const frontmatter = useMemo(
    () => editedFrontmatter(fields, values, original, isNew),
    [fields, values, original, isNew],
  );
  const fileName = location.slug
    ? fileNameOfItem({
        directory: definition.directory,
        path: loaded?.item.path,
        slug: location.slug,
      })
    : undefined;
  // Without a title the item is named by its file (`_index.md`), not by its encoded slug.
  const title = titleOf(fields, frontmatter, fileName ?? 'Untitled');
  const { slug, derivedSlug } = slugOf(state);
  const slugError =
    isNew && (slugText !== undefined || derivedSlug || attempted) ? slugProblem(slug) : undefined;
  const dirty = isDirty(state, frontmatter);
  const readOnly = isReadOnly(state);
  const problems = useMemo(
    () => shownProblems(attempted, serverProblems, { fields, frontmatter, isNew, original, slug }),
    [attempted, serverProblems, fields, frontmatter, isNew, original, slug],
  );

  const setValue = useCallback(
    (name: string, value: FieldValue) => dispatch({ type: 'fieldChanged', name, value }),
    [],
  );
  const setBody = useCallback((body: string) => dispatch({ type: 'bodyChanged', body }), []);
  const setSlugText = useCallback(
    (value: string | undefined) => dispatch({ type: 'slugChanged', slug: value }),
    [],
  );

  /** Drops the edits restored from this browser and shows the stored version again. */
  const discardLocal = () => {
    clearLocalDraft(localKey);
    dispatch({ type: 'localEditsDiscarded' });
  };
  /** The item was deleted, or its draft discarded: nothing of it is kept. */
  const markRemoved = () => {
    discarded.current = true;
    clearLocalDraft(localKey);
  };
  const takeTheirs = () => {
    clearLocalDraft(localKey);
    dispatch({ type: 'theirVersionTaken' });
  };
  const applyMerge = (merged: { frontmatter: Frontmatter; body: string }) =>
    dispatch({ type: 'mergeApplied', merged });
  const dismissConflict = () => dispatch({ type: 'conflictDismissed' });
  const reopenConflict = () => dispatch({ type: 'conflictReopened' });
  const sharedApplied = (sha: string, message: string) =>
    dispatch({ type: 'sharedApplied', sha, message });
  const dismissSharedOffer = () => dispatch({ type: 'sharedOfferDismissed' });
  const { conflict: theirs, conflictBase } = state;
  /** Both sides of an unresolved conflict, kept in this browser with the edits. */
  const conflict = useMemo(
    () => (theirs && conflictBase ? { base: conflictBase, theirs } : undefined),
    [theirs, conflictBase],
  );

  // The person's own commit message for the next save; blank: the service's generated one.
  const [commitMessage, setCommitMessage] = useState('');
  // A new item's file pattern, in a collection of several; undefined: the collection's first.
  const [pattern, setPattern] = useState<string | undefined>();

  /** `into`: the change set chosen for this save ("Add to change set"); else the item's own place. */
  const save = async (action: SaveAction, into?: SetInfo) => {
    if (status.kind === 'saving' || readOnly) return;
    const found = localProblems({ fields, frontmatter, isNew, original, slug });
    if (Object.keys(found).length > 0) {
      dispatch({ type: 'saveRefused' });
      focusFirstProblem(fields.map((field) => field.name).concat(slugProblemKey), found);
      return;
    }
    dispatch({
      type: 'saveStarted',
      label: savingLabels[action],
    });
    const wasNew = isNew;
    // Adding to a set, the service's 409s say why the set cannot take the item (its own draft,
    // another set, a full set): shown as they are, not taken for someone else's edit.
    const adding = into !== undefined;
    try {
      // The save's requests load with the first save: opening an item to read it never needs them.
      const { saveWith } = await import('./save-flow');
      const outcome = await saveWith(
        action,
        { ...location, slug, ...(into && { set: into }) },
        { frontmatter, body: state.body, title, message: commitMessage, pattern },
      );
      dispatch({ type: 'saveSucceeded', outcome, saved: { frontmatter, body: state.body } });
      setCommitMessage('');
      clearLocalDraft(localKey);
      reloadPulls();
      if (wasNew) {
        setFlash(saveMessage(outcome));
        navigate({ name: 'item', repo, collection, slug }, { replace: true, force: true });
      }
    } catch (cause) {
      const error = cause as Error;
      const fieldProblem = fieldProblemFromServer(error.message);
      if (cause instanceof ApiError && cause.status === 409 && adding) {
        dispatch({ type: 'saveFailed', message: `Not added to the change set: ${error.message}` });
      } else if (cause instanceof ApiError && cause.status === 409 && wasNew) {
        dispatch({ type: 'slugTaken', slug });
      } else if (cause instanceof ApiError && cause.status === 409) {
        dispatch({ type: 'saveConflicted' });
        getItem(repo, collection, slug, location.branch, location.locale).then(
          (item) => dispatch({ type: 'theirVersionLoaded', item }),
          (reason: Error) => dispatch({ type: 'theirVersionUnavailable', message: reason.message }),
        );
      } else if (fieldProblem) {
        dispatch({ type: 'fieldRefused', ...fieldProblem, message: error.message });
      } else {
        dispatch({
          type: 'saveFailed',
          message: `${actionLabels[action]} failed: ${error.message}`,
        });
      }
    }
  };

  return {
    repo,
    collection,
    definition,
    state,
    localKey,
    frontmatter,
    title,
    fileName,
    slug,
    slugError,
    dirty,
    readOnly,
    problems,
    status: shownStatus(status, problems),
    rawFrontmatter: state.problem ? state.rawFrontmatter : undefined,
    discarded,
    setValue,
    setBody,
    setSlugText,
    save,
    commitMessage,
    setCommitMessage,
    pattern,
    setPattern,
    discardLocal,
    markRemoved,
    takeTheirs,
    applyMerge,
    dismissConflict,
    reopenConflict,
    sharedApplied,
    dismissSharedOffer,
    conflict,
  };
}

const savingLabels: Record<SaveAction, string> = {
  publish: 'Publishing…',
  draft: 'Saving the change request…',
  set: 'Saving to the change set…',
};

export type ItemEditorModel = ReturnType<typeof useItemEditor>;

function focusFirstProblem(order: string[], problems: FieldProblems): void {
  const first = order.find((name) => problems[name]);
  if (first) requestAnimationFrame(() => document.getElementById(elementIdOf(first))?.focus());
}
