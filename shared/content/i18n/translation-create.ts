import type { ProviderAccess } from '../../auth/provider-access';
import type { Actor } from '../../auth/actor';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import type { GitHost } from '../../ports/git-host';
import type { ContentReads } from '../content-reads';
import type { ContentWrites } from '../content-writes';
import { readMarkdown, type Frontmatter } from '../frontmatter';
import { foundItemFile, itemFileRequests } from '../item-files';
import { itemPaths, patternOfPath } from '../item-path';
import type { ItemRef } from '../item-ref';
import { collectionOf, repoId, type RepoReader } from '../repo-reader';
import { serializeChecked } from '../save-text';
import type { ContentItem, SaveMode } from '../schemas';
import { assertItemSlug } from '../slug-encoding';
import { localeProblem, localesOf, translatedCollection } from './locale-collection';
import { localeView } from './locale-view';
import type { TranslationReports } from './translation-report';

export interface TranslationCreateDeps {
  reader: RepoReader;
  gitHost: Pick<GitHost, 'readBlobs'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  reads: Pick<ContentReads, 'get'>;
  writes: Pick<ContentWrites, 'put'>;
  translations: Pick<TranslationReports, 'rememberCurrent'>;
}

export interface CreateTranslationOptions extends Actor, ItemRef {
  input: { locale: string; mode?: SaveMode; message?: string };
}

/** A new translation: the item as `GET …?locale=` answers it, and the fields still to translate. */
export type CreatedTranslation = ContentItem & { placeholders: string[] };

/**
 * Creates an item's translation in one locale from its default locale's file (issue #36), with
 * one commit (on the draft branch for `mode: branch`). The new file keeps the default file's
 * bytes but for the `translate` fields, which are left out, except a required one, copied so the
 * item stays valid and named in `placeholders`; `duplicate` and `shared` fields, keys the
 * collection does not declare (they may steer the site's build: `draft`, `weight`) and the body
 * are copied. It goes where the default file is, in the locale's place: the same pattern.
 */
export function createTranslationCreates(deps: TranslationCreateDeps) {
  return {
    async create({
      userId,
      login,
      fullName,
      collection: name,
      slug,
      input,
    }: CreateTranslationOptions): Promise<CreatedTranslation> {
      assertItemSlug(slug);
      const { locale } = input;
      // One round trip: the config, the default locale's file, and whether the locale has one.
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: (config) => {
          const translated = translatedCollection(config, name);
          if (!translated?.i18n.locales.includes(locale)) return {};
          const { collection, i18n } = translated;
          return {
            blobs: itemFileRequests({
              collection: localeView(collection, i18n, i18n.default),
              slug,
              key: 'file',
            }),
            oids: itemFileRequests({
              collection: localeView(collection, i18n, locale),
              slug,
              key: 'target',
            }),
          };
        },
      });
      const base = collectionOf(view.config, name);
      const configured = view.config.collections[name]!;
      const i18n = localesOf(view.config, configured);
      if (!i18n)
        throw new InvalidInputError(
          `collection: ${name} is not translated (it has no "i18n" in cms.config.json)`,
        );
      const problem = localeProblem({ config: view.config, name, collection: configured, locale });
      if (problem) throw new InvalidInputError(problem);
      if (locale === i18n.default)
        throw new InvalidInputError(
          `locale: "${locale}" is the default locale of collection ${name}, which translations are made from; name another (${i18n.locales.filter((each) => each !== locale).join(', ')})`,
        );
      const found = foundItemFile({
        collection: base,
        slug,
        blobs: view.snapshot.blobs,
        key: 'file',
      });
      if (!found)
        throw new NotFoundError(
          `Item ${name}/${slug} not found in locale ${i18n.default} (the default): a translation is made from the default locale's file`,
        );
      const target = localeView(configured, i18n, locale);
      const existing = itemPaths(target, slug).find(
        (_, n) => typeof view.snapshot.oids?.[`target${n}`] === 'string',
      );
      if (existing !== undefined)
        throw new ConflictError(
          `${existing} exists already: the item has its ${locale} translation; open it (?locale=${locale}) to edit it`,
        );
      const text = await textOf({ userId, fullName: view.connection.fullName, found });
      const { frontmatter, body, error } = readMarkdown(text);
      if (error)
        throw new ConflictError(
          `${found.path}: its frontmatter cannot be read (${error.message}); fix it before translating`,
        );
      const placeholders: string[] = [];
      const copied: Frontmatter = {};
      for (const [key, value] of Object.entries(frontmatter)) {
        const field = base.fields.find((each) => each.name === key);
        if (field && (field.i18n ?? 'translate') === 'translate') {
          if (!field.required) continue;
          placeholders.push(key);
        }
        copied[key] = value;
      }
      const translated = serializeChecked({
        collection: target,
        input: { frontmatter: copied, body },
        original: text,
        isCreate: false,
      });
      const mode = input.mode ?? 'direct';
      const saved = await deps.writes.put({
        userId,
        login,
        fullName,
        collection: name,
        slug,
        locale,
        input: {
          frontmatter: copied,
          body,
          mode,
          ...(input.message !== undefined && { message: input.message }),
          path: patternOfPath(base, found.path)!,
          restored: {
            text: translated,
            summary: `Translate ${name}/${slug} into ${locale}${mode === 'branch' ? ' (draft)' : ''}`,
          },
        },
      });
      await deps.translations.rememberCurrent({ base: found.blob.oid, translation: saved.sha });
      const item = await deps.reads.get({
        userId,
        fullName,
        collection: name,
        slug,
        locale,
        ...(saved.branch !== undefined && { branch: saved.branch }),
      });
      return { ...item, placeholders };
    },
  };

  /** The default file's whole text: GraphQL cuts long blobs short, so those are read again. */
  async function textOf({
    userId,
    fullName,
    found,
  }: {
    userId: string;
    fullName: string;
    found: NonNullable<ReturnType<typeof foundItemFile>>;
  }): Promise<string> {
    const { path, blob } = found;
    if (blob.symlink)
      throw new InvalidInputError(`${path} is a symbolic link; the service does not copy links`);
    if (blob.text === null) throw new InvalidInputError(`${path} is not a text file`);
    if (!blob.isTruncated) return blob.text;
    const whole = (
      await deps.providerAccess.withToken(userId, (token) =>
        deps.gitHost.readBlobs(token, repoId(fullName), [blob.oid]),
      )
    ).get(blob.oid);
    if (whole === undefined) throw new ConflictError(`${path} could not be read whole; try again`);
    return whole;
  }
}

export type TranslationCreates = ReturnType<typeof createTranslationCreates>;
