import type { ContentDiff } from '../../../../shared/pulls/schemas';
import { isImagePath, mediaFileUrl } from '../../lib/media-paths';
import { useRepo } from '../repos/repo-context';
import { EmptyState } from '../ui/states';
import { BodyDiff } from './body-diff';
import { FieldDiffTable } from './field-diff-table';
import { RelationItemsOf } from './relation-label';

const typeLabels: Record<ContentDiff['type'], string> = {
  added: 'New item',
  modified: 'Changed',
  deleted: 'Deleted',
};

const fileLabels: Record<NonNullable<ContentDiff['file']>['status'], string> = {
  added: 'New file',
  modified: 'Changed file',
  removed: 'Deleted file',
  renamed: 'Renamed file',
};

/**
 * Every file the draft changes: each content item's fields, then its body; any other file (which
 * a genuine draft never has, besides its media) by its path, its whole text, or "binary"; an
 * added or changed image shows as a thumbnail read at the draft's head (`headRef`).
 */
export function DiffView({ diffs, headRef }: { diffs: readonly ContentDiff[]; headRef?: string }) {
  const { repo, config } = useRepo();
  if (diffs.length === 0)
    return (
      <EmptyState title="This change request changes nothing">
        It matches the published version.
      </EmptyState>
    );
  return (
    // Relation values show the related item's display field, read once per related collection.
    <RelationItemsOf repo={repo}>
      {diffs.map((diff) => {
        if (diff.file)
          return (
            <FileDiff
              key={diff.path ?? `${diff.collection}/${diff.slug}`}
              diff={diff}
              file={diff.file}
              headRef={headRef}
            />
          );
        const collection = config.collections[diff.collection];
        return (
          <article
            key={diff.path ?? `${diff.collection}/${diff.slug}`}
            className="diff-item"
            data-path={diff.path}
          >
            <h3 className="diff-item-title">
              <span className="badge">{diff.previousSlug ? 'Renamed' : typeLabels[diff.type]}</span>{' '}
              {collection?.label ?? diff.collection} / {diff.slug}
              {diff.previousSlug && <span className="muted small"> from {diff.previousSlug}</span>}
            </h3>
            <ItemDiff diff={diff} />
          </article>
        );
      })}
    </RelationItemsOf>
  );
}

/** One item's changes: its fields, then its body (a change set's page shows each so too). */
export function ItemDiff({ diff }: { diff: ContentDiff }) {
  const { config } = useRepo();
  const collection = config.collections[diff.collection];
  return (
    <>
      <FieldDiffTable
        fields={diff.frontmatter.fields}
        definitions={collection?.fields ?? []}
        added={diff.type === 'added' && !diff.previousSlug}
      />
      <h4 className="small-heading" data-part="body">
        Body
      </h4>
      <BodyDiff oldBody={diff.body.oldBody} newBody={diff.body.newBody} />
    </>
  );
}

/** A file that is no item's (a media file): its path, its text, an image's thumbnail, or "binary". */
export function FileDiff({
  diff,
  file,
  headRef,
}: {
  diff: ContentDiff;
  file: NonNullable<ContentDiff['file']>;
  headRef?: string;
}) {
  const { repo, config } = useRepo();
  const inMedia =
    diff.path !== undefined &&
    [config.media, ...Object.values(config.collections).map((collection) => collection.media)].some(
      (media) => media && diff.path!.startsWith(`${media.directory}/`),
    );
  // An image of a media directory (the only files the read route serves), as the draft has it.
  const thumbnail = file.binary && inMedia && file.status !== 'removed' && isImagePath(diff.path!);
  return (
    <article className="diff-item" data-testid="file-diff" data-path={diff.path}>
      <h3 className="diff-item-title">
        <span className="badge">{fileLabels[file.status]}</span> <code>{diff.path}</code>
        {file.previousPath && <span className="muted small">from {file.previousPath}</span>}
      </h3>
      {thumbnail && diff.path ? (
        <img
          className="diff-thumb"
          src={mediaFileUrl(repo, diff.path, headRef)}
          alt={`The change request’s ${diff.path}`}
          loading="lazy"
          data-testid="diff-thumb"
        />
      ) : file.binary ? (
        <p className="muted">A binary file: its content is not shown.</p>
      ) : (
        <BodyDiff oldBody={diff.body.oldBody} newBody={diff.body.newBody} />
      )}
    </article>
  );
}
