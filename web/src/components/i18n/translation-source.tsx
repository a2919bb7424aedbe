import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { getItem } from '../../api/content';
import { localeLabel } from '../../lib/locales';
import { useAsync } from '../../lib/use-async';
import { sharedFieldNote } from '../editor/frontmatter-form';
import { FieldDiffValue } from '../reviews/field-diff-value';
import { RelationItemsOf } from '../reviews/relation-label';
import { ErrorMessage, Loading } from '../ui/states';

interface TranslationSourceProps {
  repo: string;
  collection: string;
  slug: string;
  /** The default locale, whose file on the default branch is shown. */
  locale: string;
  /** The form's fields in the form's order: the title, then the details. */
  fields: readonly FieldDefinition[];
  /** The field shown above the body in the form (the title), if any. */
  titleField?: FieldDefinition;
  onClose(): void;
}

/**
 * The default locale's version of the item, read-only, beside a translation's form: its title,
 * its body, then its other fields in the form's order, each value as the review diff shows it.
 * It scrolls with the page (it is not a sticky pane), so it stays beside the part of the form
 * being translated without a scroll handler of its own.
 */
export default function TranslationSource({
  repo,
  collection,
  slug,
  locale,
  fields,
  titleField,
  onClose,
}: TranslationSourceProps) {
  const source = useAsync(
    () => getItem(repo, collection, slug),
    `source:${repo}:${collection}:${slug}`,
  );
  const details = fields.filter((field) => field !== titleField);
  const row = (field: FieldDefinition) => (
    <div key={field.name} className="source-field" data-field={field.name}>
      <dt>
        {field.label ?? field.name}
        {field.i18n === 'shared' && <span className="badge source-shared">{sharedFieldNote}</span>}
      </dt>
      <dd>
        {source.data?.frontmatter[field.name] === undefined ? (
          <span className="muted">(empty)</span>
        ) : (
          <FieldDiffValue
            definition={field}
            value={source.data.frontmatter[field.name]}
            other={source.data.frontmatter[field.name]}
            side="new"
          />
        )}
      </dd>
    </div>
  );
  return (
    <section
      className="translation-source"
      aria-labelledby="translation-source-title"
      data-testid="translation-source"
    >
      <div className="translation-source-head">
        <h2 id="translation-source-title" className="pane-title">
          {localeLabel(locale)} version
        </h2>
        <button type="button" className="button small ghost" onClick={onClose}>
          Hide
        </button>
      </div>
      {source.status === 'loading' && (
        <Loading label={`Loading the ${localeLabel(locale)} version…`} />
      )}
      {source.status === 'error' && <ErrorMessage error={source.error} onRetry={source.retry} />}
      {source.data && (
        <RelationItemsOf repo={repo}>
          <dl className="source-fields">
            {titleField && row(titleField)}
            <div className="source-field source-body">
              <dt>Body</dt>
              <dd>
                <pre>{source.data.body}</pre>
              </dd>
            </div>
            {details.map(row)}
          </dl>
        </RelationItemsOf>
      )}
    </section>
  );
}
