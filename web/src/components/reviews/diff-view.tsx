import type { ContentDiff } from '../../../../shared/content/schemas';
import { useRepo } from '../repos/repo-context';
import { EmptyState } from '../ui/states';
import { BodyDiff } from './body-diff';
import { FieldDiffTable } from './field-diff-table';

const typeLabels: Record<ContentDiff['type'], string> = { added: 'New item', modified: 'Changed', deleted: 'Deleted' };

/** Every item the draft changes (normally one): its fields, then its body. */
export function DiffView({ diffs }: { diffs: readonly ContentDiff[] }) {
  const { config } = useRepo();
  if (diffs.length === 0) return <EmptyState title="This draft changes nothing">It matches the published version.</EmptyState>;
  return (
    <>
      {diffs.map((diff) => {
        const collection = config.collections[diff.collection];
        return (
          <article key={`${diff.collection}/${diff.slug}`} className="diff-item">
            <h3 className="diff-item-title">
              <span className="badge">{typeLabels[diff.type]}</span> {collection?.label ?? diff.collection} / {diff.slug}
            </h3>
            <FieldDiffTable fields={diff.frontmatter.fields} definitions={collection?.fields ?? []} />
            <h4 className="small-heading">Body</h4>
            <BodyDiff oldBody={diff.body.oldBody} newBody={diff.body.newBody} />
          </article>
        );
      })}
    </>
  );
}
