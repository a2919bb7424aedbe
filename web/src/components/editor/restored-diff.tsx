import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { diffFrontmatter } from '../../../../shared/content/content-diff';
import type { Frontmatter } from '../../../../shared/content/frontmatter';
import { BodyDiff } from '../reviews/body-diff';
import { FieldDiffTable } from '../reviews/field-diff-table';

interface RestoredDiffProps {
  definitions: readonly FieldDefinition[];
  saved: { frontmatter: Frontmatter; body: string };
  restored: { frontmatter: Frontmatter; body: string };
}

/** What the edits put back from this browser change in the saved version: the changed fields, then the body word by word. */
export function RestoredDiff({ definitions, saved, restored }: RestoredDiffProps) {
  const changed = diffFrontmatter(
    definitions.map((definition) => definition.name),
    saved.frontmatter,
    restored.frontmatter,
  ).fields.filter((field) => field.changed);
  return (
    <div className="restored-diff" data-testid="restored-diff">
      {changed.length > 0 ? (
        <FieldDiffTable
          fields={changed}
          definitions={definitions}
          columns={['Saved', 'Your edits']}
        />
      ) : (
        <p className="muted">No field differs.</p>
      )}
      <BodyDiff oldBody={saved.body} newBody={restored.body} />
    </div>
  );
}

export default RestoredDiff;
