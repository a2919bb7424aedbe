import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { ContentItem } from '../../../../shared/content/schemas';
import { slugProblemKey } from '../../lib/field-ids';
import type { FieldProblems } from '../../lib/field-validation';
import {
  formFromFrontmatter,
  frontmatterFromForm,
  type FieldValue,
  type FormValues,
  type Frontmatter,
} from '../../lib/form-model';
import type { LocalConflict, LocalDraft } from '../../lib/local-drafts';
import {
  initialEditorState,
  type Baseline,
  type LoadedItem,
  type SaveStatus,
} from './editor-state';
import type { ItemLocation, SaveOutcome } from './save-flow';

/** Everything the item editor screen holds between renders; what it shows is derived in item-editor-view.ts. */
export interface ItemEditorState {
  fields: readonly FieldDefinition[];
  location: ItemLocation;
  /** The file's sha on the default branch; absent while it exists only as a draft. */
  mainSha?: string;
  /** The version last loaded or saved: what "unsaved changes" are measured against. */
  baseline: Baseline;
  values: FormValues;
  body: string;
  /** The slug a person typed for a new item; absent while it follows the title. */
  slugText?: string;
  /** Unsaved edits put back from this browser, until they are saved or discarded. */
  restored?: LocalDraft;
  /** After the first attempt to save, the form is re-checked as the person types. */
  attempted: boolean;
  /** What the service refused on the last save (a field, or a taken slug), until that input changes. */
  serverProblems: FieldProblems;
  status: SaveStatus;
  /** Their version, after a save answered 409 and it was fetched, until the person resolves the conflict. */
  conflict?: ContentItem;
  /** The version the conflicting edits started from (what their changes are shown against). */
  conflictBase?: LocalConflict['base'];
  /** Whether the conflict dialog is open; closing it decides nothing and keeps the conflict. */
  conflictOpen: boolean;
  /** Why the file cannot be edited as fields (from the service); a save clears an invalid frontmatter. */
  problem?: ContentItem['problem'];
  /** The sha the item was opened at: discarding restored edits goes back to it. */
  loadedSha?: string;
  /** The frontmatter block's raw text when it could not be read as fields. */
  rawFrontmatter?: string;
  /** After a save that left other locales behind in shared fields: the offer to apply them (shared-offer.tsx). */
  sharedOffer?: SharedOffer;
}

/** The shared fields a save changed that other locales hold otherwise, and what that save wrote. */
export interface SharedOffer {
  changes: NonNullable<SaveOutcome['sharedChanges']>;
  saved: { frontmatter: Frontmatter; body: string };
}

/** What the person or the service did; each names an event, not a field to set. */
export type ItemEditorAction =
  /** An item (or a new one) was opened, with the unsaved edits this browser kept for it and a message carried over from the last screen. */
  | {
      type: 'loaded';
      repo: string;
      collection: string;
      fields: readonly FieldDefinition[];
      loaded?: LoadedItem;
      local?: LocalDraft;
      flash?: string;
    }
  | { type: 'fieldChanged'; name: string; value: FieldValue }
  | { type: 'bodyChanged'; body: string }
  /** `undefined`: the slug follows the title again. */
  | { type: 'slugChanged'; slug: string | undefined }
  /** "Discard them" on the restored-edits banner. */
  | { type: 'localEditsDiscarded' }
  /** Save was pressed but the form has problems: nothing is sent. */
  | { type: 'saveRefused' }
  | { type: 'saveStarted'; label: string }
  /** The service stored `saved`; the person may have typed more since. */
  | {
      type: 'saveSucceeded';
      outcome: SaveOutcome;
      saved: { frontmatter: Frontmatter; body: string };
    }
  /** Creating answered 409: an item with this slug exists. */
  | { type: 'slugTaken'; slug: string }
  /** The service refused one field's value. */
  | { type: 'fieldRefused'; field: string; problem: string; message: string }
  | { type: 'saveFailed'; message: string }
  /** Saving answered 409: the file changed since it was opened. */
  | { type: 'saveConflicted' }
  | { type: 'theirVersionLoaded'; item: ContentItem }
  | { type: 'theirVersionUnavailable'; message: string }
  /** "Load their version" in the conflict dialog: their version replaces the edits. */
  | { type: 'theirVersionTaken' }
  /**
   * "Use the merged version": the edits merged with their version (edit-merge.ts) replace what is
   * on screen, measured against theirs, and the next save writes them over it.
   */
  | { type: 'mergeApplied'; merged: { frontmatter: Frontmatter; body: string } }
  | { type: 'conflictDismissed' }
  /** The offer's Apply wrote the shared fields into the other locales; `sha` is the file's (unchanged) sha. */
  | { type: 'sharedApplied'; sha: string; message: string }
  | { type: 'sharedOfferDismissed' }
  /** "Resolve the conflict" after the dialog was closed. */
  | { type: 'conflictReopened' };

export type LoadedAction = Extract<ItemEditorAction, { type: 'loaded' }>;

/** The state for a freshly opened item: nothing attempted, no conflict, edits kept in this browser put back. */
export function startItemEditor({
  repo,
  collection,
  fields,
  loaded,
  local,
  flash,
}: LoadedAction): ItemEditorState {
  const init = initialEditorState(repo, collection, fields, loaded, local);
  return {
    fields,
    location: init.location,
    mainSha: loaded?.mainSha,
    baseline: init.baseline,
    values: init.values,
    body: init.body,
    slugText: init.slugText,
    restored: init.restored,
    attempted: false,
    serverProblems: {},
    status: flash ? { kind: 'saved', message: flash } : { kind: 'idle' },
    problem: loaded?.item.problem,
    loadedSha: loaded?.item.sha,
    rawFrontmatter: loaded?.item.rawFrontmatter,
    conflictOpen: false,
    ...reopenedConflict(loaded, init.restored),
  };
}

/**
 * Edits kept with an unresolved conflict reopen it: their side is the version loaded now (the one
 * kept, or newer if the file moved on again since); none when the file is back at the version the
 * edits started from.
 */
function reopenedConflict(
  loaded: LoadedItem | undefined,
  restored: LocalDraft | undefined,
): Partial<ItemEditorState> {
  const kept = restored?.conflict;
  if (!kept || !restored || !loaded) return {};
  const theirs = loaded.item;
  if (theirs.sha === restored.baseSha) return {};
  return {
    conflict: theirs,
    conflictBase: kept.base,
    conflictOpen: true,
    status: { kind: 'conflict' },
  };
}

/** What the save state says after a save the service accepted. */
export function saveMessage(outcome: SaveOutcome): string {
  if (outcome.warning) return outcome.warning;
  if (outcome.unchanged) return 'No changes to save';
  if (outcome.published) return 'Published';
  if (outcome.location.set) return `Saved in change set ${outcome.location.set.title}`;
  return outcome.location.pull
    ? `Change request #${outcome.location.pull.number} saved`
    : 'Change request saved';
}

/** The item editor's state machine: a pure function of the state and what happened. */
export function itemEditorReducer(
  state: ItemEditorState,
  action: ItemEditorAction,
): ItemEditorState {
  switch (action.type) {
    case 'loaded':
      return startItemEditor(action);
    case 'fieldChanged':
      return {
        ...state,
        values: { ...state.values, [action.name]: action.value },
        serverProblems: without(state.serverProblems, action.name),
      };
    case 'bodyChanged':
      return { ...state, body: action.body };
    case 'slugChanged':
      return {
        ...state,
        slugText: action.slug,
        serverProblems: without(state.serverProblems, slugProblemKey),
      };
    case 'localEditsDiscarded':
      return {
        ...state,
        values: formFromFrontmatter(state.fields, state.baseline.original, state.location.isNew),
        body: state.baseline.body,
        slugText: undefined,
        location: { ...state.location, sha: state.loadedSha },
        restored: undefined,
        ...noConflict,
        status: state.status.kind === 'conflict' ? { kind: 'idle' } : state.status,
      };
    case 'saveRefused':
      return {
        ...state,
        attempted: true,
        serverProblems: {},
        status: {
          kind: 'error',
          message: 'Not saved: fix the fields marked below.',
          invalid: true,
        },
      };
    case 'saveStarted':
      return {
        ...state,
        attempted: true,
        serverProblems: {},
        status: { kind: 'saving', label: action.label },
        sharedOffer: undefined,
      };
    case 'saveSucceeded': {
      const { outcome, saved } = action;
      const message = saveMessage(outcome);
      return {
        ...state,
        location: outcome.location,
        problem: undefined,
        mainSha: outcome.published ? outcome.location.sha : state.mainSha,
        baseline: { original: saved.frontmatter, frontmatter: saved.frontmatter, body: saved.body },
        restored: undefined,
        ...noConflict,
        status: outcome.warning ? { kind: 'error', message } : { kind: 'saved', message },
        sharedOffer: outcome.sharedChanges && { changes: outcome.sharedChanges, saved },
      };
    }
    case 'sharedApplied':
      return {
        ...state,
        location: { ...state.location, sha: action.sha },
        sharedOffer: undefined,
        status: { kind: 'saved', message: action.message },
      };
    case 'sharedOfferDismissed':
      return { ...state, sharedOffer: undefined };
    case 'slugTaken':
      return {
        ...state,
        serverProblems: {
          [slugProblemKey]: `An item with the slug "${action.slug}" already exists. Choose another slug.`,
        },
        status: { kind: 'error', message: 'Not saved: the slug is taken.' },
      };
    case 'fieldRefused':
      return {
        ...state,
        serverProblems: { [action.field]: action.problem },
        status: { kind: 'error', message: `Not saved: ${action.message}` },
      };
    case 'saveFailed':
      return { ...state, status: { kind: 'error', message: action.message } };
    case 'saveConflicted':
      return { ...state, status: { kind: 'conflict' } };
    case 'theirVersionLoaded':
      return {
        ...state,
        conflict: action.item,
        conflictBase: { frontmatter: state.baseline.original, body: state.baseline.body },
        conflictOpen: true,
      };
    case 'theirVersionUnavailable':
      return { ...state, status: { kind: 'error', message: action.message } };
    case 'theirVersionTaken':
      return state.conflict
        ? { ...resetTo(state, state.conflict), status: { kind: 'idle' }, ...noConflict }
        : state;
    case 'mergeApplied': {
      if (!state.conflict) return state;
      const onTheirs = resetTo(state, state.conflict);
      return {
        ...onTheirs,
        values: formFromFrontmatter(state.fields, action.merged.frontmatter),
        body: action.merged.body,
        status: {
          kind: 'error',
          message: 'Merged with their changes, not saved yet: check the result and save.',
        },
        ...noConflict,
      };
    }
    case 'conflictDismissed':
      return { ...state, conflictOpen: false };
    case 'conflictReopened':
      return state.conflict ? { ...state, conflictOpen: true } : state;
  }
}

const noConflict = { conflict: undefined, conflictBase: undefined, conflictOpen: false } as const;

/** Puts the screen on `item` (the remote version after a conflict): its values, body, sha and problem. */
function resetTo(state: ItemEditorState, item: ContentItem): ItemEditorState {
  const values = formFromFrontmatter(state.fields, item.frontmatter);
  const body = item.body ?? '';
  return {
    ...state,
    baseline: {
      original: item.frontmatter,
      frontmatter: frontmatterFromForm(state.fields, values, item.frontmatter),
      body,
    },
    values,
    body,
    location: { ...state.location, sha: item.sha },
    problem: item.problem,
    attempted: false,
    serverProblems: {},
    restored: undefined,
  };
}

function without(problems: FieldProblems, name: string): FieldProblems {
  if (!(name in problems)) return problems;
  const { [name]: _changed, ...rest } = problems;
  return rest;
}
