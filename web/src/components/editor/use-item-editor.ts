import { useMemo, useRef, useState } from 'react';
import type { CollectionConfig } from '../../../../shared/content/config-schema';
import type { ContentItem } from '../../../../shared/content/schemas';
import { slugify, slugProblem } from '../../../../shared/content/slug';
import { ApiError } from '../../api/client';
import { getItem } from '../../api/content';
import { fieldProblemFromServer, validateFields, type FieldProblems } from '../../lib/field-validation';
import { takeFlash, setFlash } from '../../lib/flash';
import { formFromFrontmatter, frontmatterFromForm, titleOf, type FormValues } from '../../lib/form-model';
import { clearLocalDraft, draftKey } from '../../lib/local-drafts';
import { actionLabels, type SaveAction } from '../../lib/save-plan';
import { useRouter } from '../../router/router';
import { useRepo } from '../repos/repo-context';
import { initialEditorState, sameJson, type Baseline, type LoadedItem, type SaveStatus } from './editor-state';
import { saveWith } from './save-flow';
import { elementIdOf, slugProblemKey } from '../../lib/field-ids';

/** Everything the item editor screen holds: form values, body, save state and the save itself. */
export function useItemEditor(collection: string, definition: CollectionConfig, loaded: LoadedItem | undefined) {
  const { repo, reloadPulls } = useRepo();
  const { navigate } = useRouter();
  const fields = definition.fields;
  const localKey = draftKey(repo, collection, loaded?.item.slug);
  const [init] = useState(() => initialEditorState(repo, collection, definition, loaded, localKey));
  const [location, setLocation] = useState(init.location);
  const [mainSha, setMainSha] = useState(loaded?.mainSha);
  const [baseline, setBaseline] = useState<Baseline>(init.baseline);
  const [values, setValues] = useState<FormValues>(init.values);
  const [body, setBody] = useState(init.body);
  const [slugText, setSlugText] = useState<string | undefined>(init.slugText);
  const [restored, setRestored] = useState(init.restored);
  /** After the first attempt to save, the form is re-checked as the person types. */
  const [attempted, setAttempted] = useState(false);
  /** What the service refused on the last save (a field, or a taken slug), until that input changes. */
  const [serverProblems, setServerProblems] = useState<FieldProblems>({});
  const [status, setStatus] = useState<SaveStatus>(() => {
    const flash = takeFlash();
    return flash ? { kind: 'saved', message: flash } : { kind: 'idle' };
  });
  const [conflict, setConflict] = useState<ContentItem | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  /** Set when the item is deleted or discarded: leaving must not keep its edits. */
  const discarded = useRef(false);
  /** Why the file cannot be edited as fields (from the service); a save clears an invalid frontmatter. */
  const [problem, setProblem] = useState(loaded?.item.problem);
  const rawFrontmatter = problem ? loaded?.item.rawFrontmatter : undefined;
  /** Files the service will not write: TOML/JSON frontmatter, oversized, links, binaries. */
  const readOnly = problem !== undefined && problem.code !== 'invalid-frontmatter';

  const frontmatter = useMemo(() => frontmatterFromForm(fields, values, baseline.original, location.isNew), [fields, values, baseline.original, location.isNew]);
  const title = titleOf(fields, frontmatter, location.slug || 'Untitled');
  const titleField = fields.find((field) => field.name === 'title') ?? fields.find((field) => field.type === 'string');
  const derivedSlug = slugify(titleField ? String(values[titleField.name] ?? '') : '');
  const slug = location.isNew ? (slugText ?? derivedSlug) : location.slug;
  const slugError = location.isNew && (slugText !== undefined || derivedSlug || attempted) ? slugProblem(slug) : undefined;
  const dirty = !sameJson(frontmatter, baseline.frontmatter) || body !== baseline.body || (location.isNew && slugText !== undefined);

  const problems = useMemo(() => {
    const found: FieldProblems = attempted ? validateFields(fields, frontmatter, location.isNew, baseline.original) : {};
    if (attempted && location.isNew && slugProblem(slug)) found[slugProblemKey] = `Slug ${slugProblem(slug)}.`;
    return { ...serverProblems, ...found };
  }, [attempted, fields, frontmatter, location.isNew, slug, serverProblems, baseline.original]);

  const setValue = (name: string, value: FormValues[string]) => {
    setValues((all) => ({ ...all, [name]: value }));
    setServerProblems(({ [name]: _changed, ...rest }) => rest);
  };
  const changeSlug = (value: string | undefined) => {
    setSlugText(value);
    setServerProblems(({ [slugProblemKey]: _changed, ...rest }) => rest);
  };

  /** Puts the screen on `item` (a reload, or the remote version after a conflict). */
  const resetTo = (item: ContentItem) => {
    const nextValues = formFromFrontmatter(fields, item.frontmatter);
    setBaseline({ original: item.frontmatter, frontmatter: frontmatterFromForm(fields, nextValues, item.frontmatter), body: item.body ?? '' });
    setValues(nextValues);
    setBody(item.body ?? '');
    setLocation((at) => ({ ...at, sha: item.sha }));
    setProblem(item.problem);
    setAttempted(false);
    setServerProblems({});
    setRestored(undefined);
    clearLocalDraft(localKey);
  };

  /** Drops the edits restored from this browser and shows the stored version again. */
  const discardLocal = () => {
    clearLocalDraft(localKey);
    setValues(formFromFrontmatter(fields, baseline.original, location.isNew));
    setBody(baseline.body);
    setSlugText(undefined);
    setLocation((at) => ({ ...at, sha: loaded?.item.sha }));
    setRestored(undefined);
  };

  const save = async (action: SaveAction) => {
    if (status.kind === 'saving' || readOnly) return;
    const found = validateFields(fields, frontmatter, location.isNew, baseline.original);
    const slugIssue = location.isNew ? slugProblem(slug) : undefined;
    if (slugIssue) found[slugProblemKey] = `Slug ${slugIssue}.`;
    setAttempted(true);
    setServerProblems({});
    if (Object.keys(found).length > 0) {
      setStatus({ kind: 'error', message: 'Not saved: fix the fields marked below.', invalid: true });
      focusFirstProblem(fields.map((field) => field.name).concat(slugProblemKey), found);
      return;
    }
    setStatus({ kind: 'saving', label: action === 'publish' ? 'Publishing…' : 'Saving draft…' });
    const wasNew = location.isNew;
    try {
      const outcome = await saveWith(action, { ...location, slug }, { frontmatter, body, title });
      setLocation(outcome.location);
      setProblem(undefined);
      if (outcome.published) setMainSha(outcome.location.sha);
      setBaseline({ original: frontmatter, frontmatter, body });
      setRestored(undefined);
      clearLocalDraft(localKey);
      reloadPulls();
      const message = outcome.warning ?? (outcome.unchanged ? 'No changes to save' : outcome.published ? 'Published' : outcome.location.pull ? `Draft saved in review #${outcome.location.pull.number}` : 'Draft saved');
      setStatus(outcome.warning ? { kind: 'error', message } : { kind: 'saved', message });
      if (wasNew) {
        setFlash(message);
        navigate({ name: 'item', repo, collection, slug }, { replace: true, force: true });
      }
    } catch (cause) {
      const error = cause as Error;
      const fieldProblem = fieldProblemFromServer(error.message);
      if (cause instanceof ApiError && cause.status === 409 && wasNew) {
        setServerProblems({ [slugProblemKey]: `An item with the slug "${slug}" already exists. Choose another slug.` });
        setStatus({ kind: 'error', message: 'Not saved: the slug is taken.' });
      } else if (cause instanceof ApiError && cause.status === 409) {
        setStatus({ kind: 'conflict' });
        getItem(repo, collection, slug, location.branch).then(setConflict, (reason: Error) => setStatus({ kind: 'error', message: reason.message }));
      } else if (fieldProblem) {
        setServerProblems({ [fieldProblem.field]: fieldProblem.problem });
        setStatus({ kind: 'error', message: `Not saved: ${error.message}` });
      } else {
        setStatus({ kind: 'error', message: `${actionLabels[action]} failed: ${error.message}` });
      }
    }
  };

  // "Fix the fields" stops being true once they are fixed.
  const shownStatus: SaveStatus = status.kind === 'error' && status.invalid && Object.keys(problems).length === 0 ? { kind: 'idle' } : status;

  return {
    repo, collection, definition, location, mainSha, values, setValue, body, setBody, slug, slugText, setSlugText: changeSlug, slugError, derivedSlug,
    frontmatter, title, dirty, problems, status: shownStatus, setStatus, save, conflict, setConflict, resetTo, restored, setRestored, localKey, notice, setNotice,
    setLocation, baseline, discarded, discardLocal, problem, rawFrontmatter, readOnly,
  };
}

export type ItemEditorModel = ReturnType<typeof useItemEditor>;

function focusFirstProblem(order: string[], problems: FieldProblems): void {
  const first = order.find((name) => problems[name]);
  if (first) requestAnimationFrame(() => document.getElementById(elementIdOf(first))?.focus());
}
