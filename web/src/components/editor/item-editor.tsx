import { useState } from 'react';
import type { CollectionConfig } from '../../../../shared/content/config-schema';
import { saveButtons } from '../../lib/save-plan';
import { Link } from '../../router/link';
import { Icon } from '../ui/icons';
import { ConflictDialog } from './conflict-dialog';
import { EditorBanners } from './editor-banners';
import type { LoadedItem } from './editor-state';
import { EditorToolbar } from './editor-toolbar';
import { FrontmatterForm } from './frontmatter-form';
import { MarkdownEditor } from './markdown-editor';
import { MarkdownPreview } from './markdown-preview';
import { SlugField } from './slug-field';
import { useEditorEffects } from './use-editor-effects';
import { useItemEditor } from './use-item-editor';
import { bodyId, slugProblemKey } from '../../lib/field-ids';

export type { LoadedItem };

interface ItemEditorProps {
  repo: string;
  collection: string;
  definition: CollectionConfig;
  loaded?: LoadedItem;
}

/** The editing screen: toolbar, notices, the generated form and the body with its live preview. */
export function ItemEditor({ collection, definition, loaded }: ItemEditorProps) {
  const model = useItemEditor(collection, definition, loaded);
  const buttons = saveButtons(definition.workflow);
  useEditorEffects(model, buttons.primary);
  const { location } = model;
  // Narrow screens show one pane at a time; wide ones show both and hide the switch.
  const [pane, setPane] = useState<'write' | 'preview'>('write');

  return (
    <div className="editor-page">
      <div className="editor-head">
        <Link to={{ name: 'collection', repo: model.repo, collection }} className="back-link">
          <Icon name="back" /> {definition.label}
        </Link>
        <h1 className="editor-title">{location.isNew && !model.title.trim() ? `New ${definition.label.toLowerCase()}` : model.title}</h1>
      </div>
      <EditorToolbar model={model} buttons={buttons} />
      <EditorBanners model={model} />
      <div className="pane-tabs" role="group" aria-label="Show">
        <button type="button" aria-pressed={pane === 'write'} onClick={() => setPane('write')}>
          Write
        </button>
        <button type="button" aria-pressed={pane === 'preview'} onClick={() => setPane('preview')}>
          Preview
        </button>
      </div>
      <div className="editor-grid" data-pane={pane}>
        <form className="edit-pane" aria-label="Edit" onSubmit={(event) => event.preventDefault()} noValidate>
          <FrontmatterForm fields={definition.fields} values={model.values} problems={model.problems} onChange={model.setValue} original={model.baseline.original} />
          {location.isNew && (
            <SlugField
              slug={model.slug}
              derived={model.slugText === undefined}
              problem={model.problems[slugProblemKey] ?? (model.slugError ? `Slug ${model.slugError}.` : undefined)}
              directory={definition.directory}
              onChange={model.setSlugText}
            />
          )}
          <div className="field field-body">
            <span id="body-label" className="field-label">
              Body
            </span>
            <MarkdownEditor id={bodyId} value={model.body} onChange={model.setBody} labelledBy="body-label" />
          </div>
        </form>
        <MarkdownPreview source={model.body} title={model.title} />
      </div>
      {model.conflict && <ConflictDialog model={model} theirs={model.conflict} />}
    </div>
  );
}
