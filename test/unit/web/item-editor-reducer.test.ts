import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../shared/content/schemas';
import { slugProblemKey } from '../../../web/src/lib/field-ids';
import type { LocalDraft } from '../../../web/src/lib/local-drafts';
import type { LoadedItem } from '../../../web/src/components/editor/editor-state';
import {
  itemEditorReducer,
  startItemEditor,
  type ItemEditorAction,
  type ItemEditorState,
} from '../../../web/src/components/editor/item-editor-reducer';
import {
  editedFrontmatter,
  isDirty,
  shownProblems,
  shownStatus,
  slugOf,
} from '../../../web/src/components/editor/item-editor-view';
import { postFields } from './fixtures';

const hello: ContentItem = {
  slug: 'hello',
  path: 'content/posts/hello.md',
  sha: 'sha-1',
  frontmatter: { title: 'Hello', date: '2026-01-02', tags: ['a'], draft: false },
  body: 'Their first body.\n',
};

const open = (
  loaded: LoadedItem | undefined,
  extra: { local?: LocalDraft; flash?: string } = {},
): ItemEditorState =>
  startItemEditor({
    type: 'loaded',
    repo: 'acme/site',
    collection: 'posts',
    fields: postFields,
    loaded,
    ...extra,
  });

/** Runs the actions in order, checking on the way that the reducer never changes the state it is given. */
function play(state: ItemEditorState, ...actions: ItemEditorAction[]): ItemEditorState {
  return actions.reduce((current, action) => {
    const before = structuredClone(current);
    const next = itemEditorReducer(current, action);
    expect(current).toEqual(before);
    return next;
  }, state);
}

const frontmatterOf = (state: ItemEditorState) =>
  editedFrontmatter(state.fields, state.values, state.baseline.original, state.location.isNew);
const edited = (state: ItemEditorState) =>
  play(
    state,
    { type: 'fieldChanged', name: 'title', value: 'My title' },
    { type: 'bodyChanged', body: 'My body.\n' },
  );

describe('the item editor’s state', () => {
  it('opens an item clean, measured against the version loaded', () => {
    const state = open({ item: hello, mainSha: 'sha-1' });
    expect(state.values.title).toBe('Hello');
    expect(state.body).toBe('Their first body.\n');
    expect(state.location).toMatchObject({ slug: 'hello', sha: 'sha-1', isNew: false });
    expect(state.status).toEqual({ kind: 'idle' });
    expect(isDirty(state)).toBe(false);
    expect(isDirty(edited(state))).toBe(true);
  });

  it('keeps the person’s edits when a save in flight answers with a conflict, and until they choose', () => {
    const saving = play(edited(open({ item: hello, mainSha: 'sha-1' })), {
      type: 'saveStarted',
      label: 'Saving the change request…',
    });
    expect(saving.status).toEqual({ kind: 'saving', label: 'Saving the change request…' });

    const theirs: ContentItem = {
      ...hello,
      sha: 'sha-2',
      frontmatter: { ...hello.frontmatter, title: 'Their title' },
      body: 'Their new body.\n',
    };
    const conflicted = play(
      saving,
      { type: 'saveConflicted' },
      { type: 'theirVersionLoaded', item: theirs },
    );
    expect(conflicted.status).toEqual({ kind: 'conflict' });
    expect(conflicted.conflict).toBe(theirs);
    expect(conflicted.values.title).toBe('My title');
    expect(conflicted.body).toBe('My body.\n');
    expect(conflicted.location.sha).toBe('sha-1');
    expect(isDirty(conflicted)).toBe(true);

    // "Use the merged version": the merge is on screen, measured against their version, unsaved.
    const merged = play(conflicted, {
      type: 'mergeApplied',
      merged: { frontmatter: { ...theirs.frontmatter, title: 'My title' }, body: 'Merged.\n' },
    });
    expect(merged.conflict).toBeUndefined();
    expect(merged.location.sha).toBe('sha-2');
    expect(merged.values.title).toBe('My title');
    expect(merged.body).toBe('Merged.\n');
    expect(merged.baseline.body).toBe('Their new body.\n');
    expect(isDirty(merged)).toBe(true);
    expect(merged.status).toEqual({
      kind: 'error',
      message: 'Merged with their changes, not saved yet: check the result and save.',
    });

    expect(conflicted.conflictOpen).toBe(true);
    expect(conflicted.conflictBase).toEqual({
      frontmatter: hello.frontmatter,
      body: 'Their first body.\n',
    });

    // Closing the dialog decides nothing: the edits, their version and the conflict status stay, and it can be reopened.
    const dismissed = play(conflicted, { type: 'conflictDismissed' });
    expect(dismissed.conflictOpen).toBe(false);
    expect(dismissed.conflict).toBe(theirs);
    expect(dismissed.status).toEqual({ kind: 'conflict' });
    expect(dismissed.body).toBe('My body.\n');
    expect(play(dismissed, { type: 'conflictReopened' }).conflictOpen).toBe(true);

    // "Load their version": their version is on screen, clean, at their sha.
    const taken = play(conflicted, { type: 'theirVersionTaken' });
    expect(taken.conflict).toBeUndefined();
    expect(taken.values.title).toBe('Their title');
    expect(taken.body).toBe('Their new body.\n');
    expect(taken.location.sha).toBe('sha-2');
    expect(taken.status).toEqual({ kind: 'idle' });
    expect(taken.attempted).toBe(false);
    expect(isDirty(taken)).toBe(false);
  });

  it('reopens a conflict kept with the edits in this browser, against the version loaded now', () => {
    const theirs: ContentItem = { ...hello, sha: 'sha-2', body: 'Their new body.\n' };
    const base = { frontmatter: hello.frontmatter, body: 'Their first body.\n' };
    const local: LocalDraft = {
      frontmatter: { ...hello.frontmatter, title: 'Mine' },
      body: 'My body.\n',
      baseSha: 'sha-1',
      savedAt: '2026-01-01T00:00:00.000Z',
      conflict: { base, theirs },
    };
    const newer: ContentItem = { ...theirs, sha: 'sha-3', body: 'Changed again.\n' };
    const reopened = open({ item: newer, mainSha: 'sha-3' }, { local });
    expect(reopened.values.title).toBe('Mine');
    expect(reopened.location.sha).toBe('sha-1');
    expect(reopened.conflict).toBe(newer);
    expect(reopened.conflictBase).toBe(base);
    expect(reopened.conflictOpen).toBe(true);
    expect(reopened.status).toEqual({ kind: 'conflict' });

    // A file back at the version the edits started from has no conflict left.
    expect(open({ item: { ...hello, sha: 'sha-1' } }, { local }).conflict).toBeUndefined();

    // Resolving it in any way drops both sides: discarding the kept edits, taking theirs, using the merge, or a save.
    expect(play(reopened, { type: 'localEditsDiscarded' })).toMatchObject({
      conflict: undefined,
      conflictBase: undefined,
      conflictOpen: false,
      status: { kind: 'idle' },
    });
    expect(play(reopened, { type: 'theirVersionTaken' })).toMatchObject({
      conflict: undefined,
      body: 'Changed again.\n',
    });
    expect(
      play(reopened, { type: 'mergeApplied', merged: { frontmatter: {}, body: '' } }),
    ).toMatchObject({
      conflict: undefined,
      location: { sha: 'sha-3' },
    });
  });

  it('says so when their version cannot be fetched after a conflict, still keeping the edits', () => {
    const state = play(
      edited(open({ item: hello })),
      { type: 'saveStarted', label: 'Publishing…' },
      { type: 'saveConflicted' },
      { type: 'theirVersionUnavailable', message: 'Network down' },
    );
    expect(state.status).toEqual({ kind: 'error', message: 'Network down' });
    expect(state.values.title).toBe('My title');
    expect(state.conflict).toBeUndefined();
  });

  it('is clean after a successful save, and tells where the draft went', () => {
    const before = edited(open({ item: hello, mainSha: 'sha-1' }));
    const saved = { frontmatter: frontmatterOf(before), body: before.body };
    const location = {
      ...before.location,
      sha: 'sha-3',
      branch: 'cms/posts/hello',
      pull: { number: 7 },
    };
    const after = play(
      before,
      { type: 'saveStarted', label: 'Saving the change request…' },
      { type: 'saveSucceeded', outcome: { location, published: false }, saved },
    );
    expect(isDirty(after)).toBe(false);
    expect(after.status).toEqual({ kind: 'saved', message: 'Change request #7 saved' });
    expect(after.location).toEqual(location);
    expect(after.mainSha).toBe('sha-1');
    expect(after.values.title).toBe('My title');
  });

  it('stays dirty after a save when the person typed on while it was in flight', () => {
    const before = edited(open({ item: hello, mainSha: 'sha-1' }));
    const saved = { frontmatter: frontmatterOf(before), body: before.body };
    const after = play(
      before,
      { type: 'saveStarted', label: 'Publishing…' },
      { type: 'bodyChanged', body: 'My body, and more.\n' },
      {
        type: 'saveSucceeded',
        outcome: { location: { ...before.location, sha: 'sha-4' }, published: true },
        saved,
      },
    );
    expect(after.body).toBe('My body, and more.\n');
    expect(after.mainSha).toBe('sha-4');
    expect(after.status).toEqual({ kind: 'saved', message: 'Published' });
    expect(isDirty(after)).toBe(true);
  });

  it('shows a save that worked only in part as an error, and clears a problem the save fixed', () => {
    const broken = open({
      item: {
        ...hello,
        problem: { code: 'invalid-frontmatter', message: 'Bad YAML' },
        rawFrontmatter: 'title: [',
      },
    });
    expect(broken.problem?.code).toBe('invalid-frontmatter');
    const before = edited(broken);
    const warning = 'Saved on cms/posts/hello, but the review could not be opened: nope';
    const after = play(before, {
      type: 'saveSucceeded',
      outcome: { location: before.location, published: false, warning },
      saved: { frontmatter: frontmatterOf(before), body: before.body },
    });
    expect(after.status).toEqual({ kind: 'error', message: warning });
    expect(after.problem).toBeUndefined();
  });

  it('starts afresh when another item is loaded', () => {
    const theirs: ContentItem = { ...hello, sha: 'sha-2' };
    const busy = play(
      edited(open({ item: hello })),
      { type: 'saveStarted', label: 'Saving the change request…' },
      {
        type: 'fieldRefused',
        field: 'date',
        problem: 'must be a date',
        message: 'date must be a date',
      },
      { type: 'saveConflicted' },
      { type: 'theirVersionLoaded', item: theirs },
    );
    const other: ContentItem = {
      slug: 'other',
      path: 'content/posts/other.md',
      sha: 'sha-9',
      frontmatter: { title: 'Other', date: '2026-03-04' },
      body: 'Other body.\n',
      branch: 'cms/posts/other',
      prNumber: 12,
    };
    const next = play(busy, {
      type: 'loaded',
      repo: 'acme/site',
      collection: 'posts',
      fields: postFields,
      loaded: { item: other },
    });
    expect(next).toEqual(open({ item: other }));
    expect(next.values.title).toBe('Other');
    expect(next.location).toMatchObject({
      slug: 'other',
      sha: 'sha-9',
      branch: 'cms/posts/other',
      pull: { number: 12 },
    });
    expect(next.mainSha).toBeUndefined();
    expect(next.attempted).toBe(false);
    expect(next.serverProblems).toEqual({});
    expect(next.conflict).toBeUndefined();
    expect(next.status).toEqual({ kind: 'idle' });
    expect(isDirty(next)).toBe(false);
  });

  it('puts back edits kept in this browser, at the sha they started from, until they are discarded', () => {
    const local: LocalDraft = {
      frontmatter: { ...hello.frontmatter, title: 'Kept' },
      body: 'Kept body.\n',
      baseSha: 'sha-0',
      savedAt: '2026-01-01T00:00:00.000Z',
    };
    const restored = open({ item: hello }, { local });
    expect(restored.restored).toBe(local);
    expect(restored.values.title).toBe('Kept');
    expect(restored.location.sha).toBe('sha-0');
    expect(isDirty(restored)).toBe(true);

    const discarded = play(restored, { type: 'localEditsDiscarded' });
    expect(discarded.restored).toBeUndefined();
    expect(discarded.values.title).toBe('Hello');
    expect(discarded.body).toBe('Their first body.\n');
    expect(discarded.location.sha).toBe('sha-1');
    expect(isDirty(discarded)).toBe(false);
  });

  it('refuses to save a form with problems, and stops saying so once they are fixed', () => {
    const empty = play(open(undefined), { type: 'saveRefused' });
    expect(empty.attempted).toBe(true);
    expect(empty.status).toMatchObject({ kind: 'error', invalid: true });
    const { slug } = slugOf(empty);
    const problems = shownProblems(empty.attempted, empty.serverProblems, {
      fields: postFields,
      frontmatter: frontmatterOf(empty),
      isNew: true,
      original: {},
      slug,
    });
    expect(Object.keys(problems).sort()).toEqual(['date', slugProblemKey, 'title'].sort());
    expect(shownStatus(empty.status, problems)).toBe(empty.status);

    const fixed = play(
      empty,
      { type: 'fieldChanged', name: 'title', value: 'A post' },
      { type: 'fieldChanged', name: 'date', value: '2026-05-06' },
    );
    const now = shownProblems(fixed.attempted, fixed.serverProblems, {
      fields: postFields,
      frontmatter: frontmatterOf(fixed),
      isNew: true,
      original: {},
      slug: slugOf(fixed).slug,
    });
    expect(now).toEqual({});
    expect(shownStatus(fixed.status, now)).toEqual({ kind: 'idle' });
  });

  it('forgets what the service refused once that input changes, and only that', () => {
    const created = play(
      open(undefined),
      { type: 'fieldChanged', name: 'title', value: 'Hello' },
      { type: 'slugTaken', slug: 'hello' },
    );
    expect(created.serverProblems).toEqual({
      [slugProblemKey]: 'An item with the slug "hello" already exists. Choose another slug.',
    });
    expect(created.status).toEqual({ kind: 'error', message: 'Not saved: the slug is taken.' });
    expect(
      play(created, { type: 'fieldChanged', name: 'title', value: 'Hello again' }).serverProblems,
    ).toBe(created.serverProblems);
    const renamed = play(created, { type: 'slugChanged', slug: 'hello-2' });
    expect(renamed.serverProblems).toEqual({});
    expect(slugOf(renamed).slug).toBe('hello-2');
    expect(isDirty(renamed)).toBe(true);

    const refused = play(edited(open({ item: hello })), {
      type: 'fieldRefused',
      field: 'date',
      problem: 'must be a date',
      message: 'date must be a date',
    });
    expect(refused.status).toEqual({ kind: 'error', message: 'Not saved: date must be a date' });
    expect(
      play(refused, { type: 'fieldChanged', name: 'title', value: 'x' }).serverProblems,
    ).toEqual({ date: 'must be a date' });
    expect(
      play(refused, { type: 'fieldChanged', name: 'date', value: '2026-01-03' }).serverProblems,
    ).toEqual({});
  });

  it('carries the message of the save that created the item onto its own screen', () => {
    expect(open({ item: hello }, { flash: 'Published' }).status).toEqual({
      kind: 'saved',
      message: 'Published',
    });
  });
});
