import { lazy, Suspense, useMemo, useState } from 'react';
import type { CollectionConfig } from '../../../../shared/content/config-schema';
import { saveButtons, setButtons } from '../../lib/save-plan';
import { Link } from '../../router/link';
import { Icon } from '../ui/icons';
import { EditorBanners } from './editor-banners';
import { SharedOfferBanner } from './shared-offer';
import { PresenceSlot } from './presence-slot';
import type { LoadedItem } from './editor-state';
import { EditorToolbar } from './editor-toolbar';
import { FrontmatterForm } from './frontmatter-form';
import { BodySection } from './body-section';
import { isMdxBody } from '../../lib/body-syntax';
import { RelationItemsProvider } from './relation-items';
import { relationSourceOf } from './relation-source';
import { SlugField } from './slug-field';
import { useEditorEffects } from './use-editor-effects';
import { titleFieldOf } from './item-editor-view';
import { useItemEditor } from './use-item-editor';
import { usePublishQuestion } from './use-publish-question';
import { useMediaQuery } from '../../lib/use-media-query';
import { useLatest } from '../../lib/use-latest';
import { useEditorLayout } from '../../lib/editor-layout';
import { useEditorActions } from './use-editor-actions';
import { PaneTabs, type Pane } from './pane-tabs';
import { useRepo } from '../repos/repo-context';
import { usePreviewUrl } from './use-preview-url';
import { MarkdownPreview } from './markdown-preview';
import { Loading } from '../ui/states';
import { slugProblemKey } from '../../lib/field-ids';
import { MediaScope } from '../media/media-scope';
import { useMediaScopeValue } from '../media/use-media-scope';
import { useBodyUploads } from '../media/use-body-uploads';
import { itemTranslationStatuses, localeLabel, type ScreenLocales } from '../../lib/locales';
import { formFromFrontmatter } from '../../lib/form-model';
import { LocaleSwitcher } from '../i18n/locale-switcher';
import { useTranslationReport } from '../i18n/use-translation-report';

export type { LoadedItem };

// Only a draft with a preview deployment, on its Site tab, shows the site: loaded then.
const SitePreview = lazy(() =>
  import('./site-preview').then((module) => ({ default: module.SitePreview })),
);

// Only a translation shows its default locale's version beside the form: loaded then.
const TranslationSource = lazy(() => import('../i18n/translation-source'));

// Needed only when a save meets someone else's change: loaded then, with the merge it shows.
const ConflictDialog = lazy(() =>
  import('./conflict-dialog').then((module) => ({ default: module.ConflictDialog })),
);

interface ItemEditorProps {
  repo: string;
  collection: string;
  definition: CollectionConfig;
  loaded?: LoadedItem;
  /** Reads the item again (after a version of it was restored). */
  onReload?(): void;
  /** Open with the History panel shown. */
  showHistory?: boolean;
  /** A translated collection's locales, with the one on screen. */
  locales?: ScreenLocales;
}

/** The editing screen: toolbar, notices, the generated form and the body with its live preview. */
export function ItemEditor({
  collection,
  definition,
  loaded,
  onReload,
  showHistory,
  locales,
}: ItemEditorProps) {
  const model = useItemEditor(collection, definition, loaded);
  const { state, repo, title, problems } = model;
  const { location } = state;
  // An item a change set holds is saved into that set only; any other may be added to one, unless
  // it has a draft of its own or its collection takes direct commits only (the service refuses both).
  const buttons = location.set ? setButtons : saveButtons(definition.workflow);
  const { workflow } = definition;
  const setsOffered =
    !location.set && !location.pull && !(workflow?.locked && workflow.default !== 'pr');
  const publish = usePublishQuestion({
    repo,
    collectionLabel: definition.label,
    // Only a draft on screen is published by merging its change request.
    pull: location.branch ? location.pull : undefined,
    slug: location.slug,
    item: { title, fileName: model.fileName ?? location.slug },
    save: model.save,
  });
  useEditorEffects(
    {
      dirty: model.dirty,
      title,
      frontmatter: model.frontmatter,
      body: state.body,
      slugText: state.slugText,
      localKey: model.localKey,
      sha: location.sha,
      restored: state.restored !== undefined,
      discarded: model.discarded,
      conflict: model.conflict,
      save: publish.save,
    },
    buttons.primary,
  );
  const [pane, setPane] = useState<Pane>('write');
  const [focused, setFocused] = useState(false);
  const wide = useMediaQuery('(min-width: 1001px)');
  const previewUrl = usePreviewUrl(location.pull);
  // A side panel (and what it loads: the markdown renderer, the site) is mounted only while it is on screen.
  const side = focused
    ? undefined
    : pane === 'site' && previewUrl
      ? 'site'
      : wide || pane === 'preview'
        ? 'preview'
        : undefined;
  const [layout, toggleLayout] = useEditorLayout();
  // A translation's side column shows the default locale's version until it is hidden (the preview then).
  const [sourceShown, setSourceShown] = useState(true);
  const statusesOf = useTranslationReport(repo, collection, locales !== undefined);
  const source = locales?.query !== undefined && !location.isNew ? locales.default : undefined;
  // The item's own answer says which of its locales need work; the report when it has none.
  const translations = loaded?.item.translations;
  const statuses = translations ? itemTranslationStatuses(translations) : statusesOf(location.slug);
  // A translation just created: the required fields copied from the default locale, as copied.
  const placeholders = useMemo(() => {
    const names = loaded?.item.placeholders;
    if (!locales || !loaded || !names?.length) return undefined;
    const copied = formFromFrontmatter(definition.fields, loaded.item.frontmatter, false);
    return { names, from: localeLabel(locales.default), values: copied };
  }, [loaded, locales, definition.fields]);
  useEditorActions({
    buttons,
    readOnly: model.readOnly,
    save: publish.save,
    focused,
    setFocused,
    layout,
    toggleLayout,
  });
  const { config } = useRepo();
  const relationItems = useMemo(() => relationSourceOf(repo), [repo]);
  const onScreen = useLatest({ frontmatter: model.frontmatter, body: state.body });
  const mediaScope = useMediaScopeValue({
    repo,
    config,
    collection,
    slug: model.slugError ? undefined : model.slug,
    branch: location.branch,
    open: onScreen,
  });
  const bodyUploads = useBodyUploads(mediaScope);
  const mdx = isMdxBody({ path: loaded?.item.path, pattern: model.pattern ?? definition.path });
  // The title (and a new item's slug) and the body come first; the other fields are details.
  const titleField = titleFieldOf(definition.fields);
  const details = definition.fields.filter((field) => field !== titleField);
  const mine = useMemo(
    () => ({ frontmatter: model.frontmatter, body: state.body }),
    [model.frontmatter, state.body],
  );

  return (
    <MediaScope.Provider value={mediaScope}>
      <div className="editor-page">
        <div className="editor-head">
          <Link
            to={{
              name: 'collection',
              repo,
              collection,
              ...(locales?.query && { locale: locales.query }),
            }}
            className="back-link"
          >
            <Icon name="back" /> {definition.label}
          </Link>
          <h1 className="editor-title">
            {location.isNew && !title.trim() ? `New ${definition.label.toLowerCase()}` : title}
          </h1>
        </div>
        {locales && !location.isNew && (
          <LocaleSwitcher
            locales={locales}
            statuses={statuses}
            routeOf={(to) => ({
              name: 'item',
              repo,
              collection,
              slug: location.slug,
              ...(to && { locale: to }),
            })}
          />
        )}
        <EditorToolbar
          repo={repo}
          collection={collection}
          title={title}
          fileName={model.fileName}
          location={location}
          mainSha={state.mainSha}
          status={model.status}
          dirty={model.dirty}
          readOnly={model.readOnly}
          buttons={buttons}
          onSave={publish.save}
          onAddToSet={setsOffered ? (set) => void model.save('set', set) : undefined}
          commitMessage={model.commitMessage}
          onCommitMessage={model.setCommitMessage}
          onRemoved={model.markRemoved}
          onReload={onReload}
          showHistory={showHistory}
        >
          <button
            type="button"
            className="focus-toggle layout-toggle"
            aria-pressed={layout === 'side'}
            onClick={toggleLayout}
            title="Show the fields other than the title beside the body instead of under it"
          >
            Form beside body
          </button>
          {source && (
            <button
              type="button"
              className="focus-toggle"
              aria-pressed={sourceShown}
              onClick={() => setSourceShown((shown) => !shown)}
              title="Show the default locale's version beside the form instead of the preview"
            >
              {localeLabel(source)} beside
            </button>
          )}
        </EditorToolbar>
        <EditorBanners
          repo={repo}
          pull={location.pull}
          set={location.set}
          problem={state.problem}
          readOnly={model.readOnly}
          rawFrontmatter={model.rawFrontmatter}
          restored={state.restored}
          saved={state.baseline}
          definitions={definition.fields}
          onDiscardLocal={model.discardLocal}
        />
        {state.sharedOffer && (
          <SharedOfferBanner
            location={location}
            offer={state.sharedOffer}
            definitions={definition.fields}
            onApplied={model.sharedApplied}
            onDismiss={model.dismissSharedOffer}
          />
        )}
        {/* Presence compares the default locale's file: a translation's would be told of newer versions it does not have. */}
        {!location.isNew && !location.locale && <PresenceSlot {...location} />}
        {model.conflict && !state.conflictOpen && (
          <div className="banner error-banner" role="status" data-testid="conflict-banner">
            <span>Someone else changed this item since your edits began; they are not saved.</span>
            <button type="button" className="button small" onClick={model.reopenConflict}>
              Compare and resolve
            </button>
          </div>
        )}
        <PaneTabs pane={pane} wide={wide} site={previewUrl !== undefined} onChange={setPane} />
        <div
          className="editor-grid"
          data-pane={pane === 'write' ? 'write' : 'preview'}
          data-layout={layout}
        >
          <form
            className="edit-pane"
            aria-label="Edit"
            onSubmit={(event) => event.preventDefault()}
            noValidate
          >
            <RelationItemsProvider source={relationItems}>
              <div className="edit-main">
                {titleField && (
                  <FrontmatterForm
                    fields={[titleField]}
                    values={state.values}
                    problems={problems}
                    onChange={model.setValue}
                    original={{}}
                    translated={locales !== undefined}
                    placeholders={placeholders}
                  />
                )}
                {location.isNew && (
                  <SlugField
                    slug={model.slug}
                    derived={state.slugText === undefined}
                    problem={
                      problems[slugProblemKey] ??
                      (model.slugError ? `Slug ${model.slugError}.` : undefined)
                    }
                    directory={definition.directory}
                    patterns={[definition.path ?? '{slug}.md'].flat()}
                    pattern={model.pattern}
                    onPattern={model.setPattern}
                    onChange={model.setSlugText}
                  />
                )}
                <BodySection
                  body={state.body}
                  onChange={model.setBody}
                  mdx={mdx}
                  readOnly={model.readOnly}
                  uploads={bodyUploads}
                  focused={focused}
                  onFocusedChange={setFocused}
                />
              </div>
              <section className="edit-details" aria-labelledby="edit-details-heading">
                <h2 id="edit-details-heading" className="edit-details-heading">
                  Details
                </h2>
                <FrontmatterForm
                  fields={details}
                  values={state.values}
                  problems={problems}
                  onChange={model.setValue}
                  original={state.baseline.original}
                  translated={locales !== undefined}
                  placeholders={placeholders}
                />
              </section>
            </RelationItemsProvider>
          </form>
          {side === 'preview' && source && sourceShown && (
            <Suspense fallback={<Loading label="Loading the default locale's version…" />}>
              <TranslationSource
                repo={repo}
                collection={collection}
                slug={location.slug}
                locale={source}
                fields={definition.fields}
                titleField={titleField}
                onClose={() => setSourceShown(false)}
              />
            </Suspense>
          )}
          {side === 'preview' && !(source && sourceShown) && (
            <MarkdownPreview source={state.body} title={title} media={mediaScope} mdx={mdx} />
          )}
          {side === 'site' && previewUrl && (
            <Suspense fallback={<Loading label="Loading the site preview…" />}>
              <SitePreview url={previewUrl} title={title} />
            </Suspense>
          )}
        </div>
        {/* Outside the editor's form: the question is a form of its own. */}
        {bodyUploads.dialog}
        {publish.question}
        {model.conflict && state.conflictOpen && (
          <Suspense fallback={null}>
            <ConflictDialog
              fields={definition.fields}
              base={model.conflict.base}
              mine={mine}
              theirs={model.conflict.theirs}
              onTakeTheirs={model.takeTheirs}
              onApply={model.applyMerge}
              onClose={model.dismissConflict}
            />
          </Suspense>
        )}
      </div>
    </MediaScope.Provider>
  );
}
