import * as z from 'zod/mini';
import '../zod-locale';
import { collectionNamePattern, reservedNames } from './collection-name';
import { eachField, FieldListSchema, maxFieldDepth } from './field-definition';
import { mediaFieldTypes } from './field-value';
import { pathPatternProblem } from './item-path';
import { collectionsOverlap } from './pattern-overlap';
import { directoryProblem, normaliseDirectory } from './repo-path';
import {
  CollectionI18nSchema,
  collectionI18nProblem,
  collectionLocalesOf,
  RepoI18nSchema,
} from './i18n/i18n-config';
import { localeViewsOf } from './i18n/locale-view';

/**
 * `cms.config.json`: one definition for the API (connect, GET config), the editor and the OpenAPI
 * document. Objects are strict so that a typo (`"requried": true`) is reported, not ignored.
 */
export const cmsConfigFileName = 'cms.config.json';

/** A Cloudflare Pages project name; it becomes part of a preview host name. */
export const pagesProjectPattern = /^[a-z0-9](?:[a-z0-9-]{0,56}[a-z0-9])?$/;

/** A new instance per use, so that each is described on its own (schemaDocs). */
const nonEmptyString = () => z.string().check(z.minLength(1, 'must not be empty'));

export const DirectorySchema = z.string().check(
  z.overwrite(normaliseDirectory),
  z.superRefine((directory, ctx) => {
    const problem = directoryProblem(directory);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: directory });
  }),
);

/** At most this many patterns in one collection's `path`. */
export const maxPathPatterns = 8;

/**
 * One pattern, or several layouts for one collection (an addition): e.g. `["{slug}.md",
 * "{slug}/index.md"]` for a section mixing single files and page bundles. New items take the
 * first unless their creator names another; two files giving one slug are refused by name. The
 * checks sit on the union, not on its options, so that each problem is named by its own path
 * (`path[1]`) rather than as "no option matched". `{slug}.md` when absent (the spec's layout);
 * `{slug}.mdx` or `{slug}.markdown` for other extensions; `{slug}/index.md` (or `{slug}/_index.md`,
 * …) for page bundles, one folder per item.
 */
export const PathPatternsSchema = z
  .union([z.string(), z.array(z.string())], {
    error: () => `expected a pattern such as "{slug}.md", or a list of 1 to ${maxPathPatterns}`,
  })
  .check(
    z.superRefine((path, ctx) => {
      const issue = (message: string, at: number[] = []) => {
        ctx.issues.push({ code: 'custom', message, path: at, input: path });
      };
      if (typeof path === 'string') {
        const problem = pathPatternProblem(path);
        if (problem) issue(problem);
        return;
      }
      if (path.length === 0) return issue('must list at least one pattern');
      if (path.length > maxPathPatterns)
        return issue(`must list at most ${maxPathPatterns} patterns`);
      path.forEach((pattern, n) => {
        const problem =
          pathPatternProblem(pattern) ??
          (path.indexOf(pattern) !== n ? `"${pattern}" is listed twice` : undefined);
        if (problem) issue(problem, [n]);
      });
    }),
  );

/**
 * An addition to the spec: where uploaded images and files go. `directory` is in the repository
 * (e.g. `static/images`), `publicPath` is where the site serves that directory (e.g. `/images`):
 * an image field stores `publicPath` + `/` + the file name, the way the site's templates expect it.
 */
export const MediaConfigSchema = z.strictObject({
  directory: DirectorySchema.clone(),
  publicPath: z.string().check(
    z.overwrite((path) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)),
    z.superRefine((path, ctx) => {
      const problem = publicPathProblem(path);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: path });
    }),
  ),
});

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const controlOrSpace = /[\u0000-\u0020\u007f-\u009f"'<>\\]/;

/** Why a media `publicPath` is not a site path such as `/images`, or undefined when it is. */
function publicPathProblem(path: string): string | undefined {
  if (!path.startsWith('/') || path.startsWith('//'))
    return 'expected a path on the site starting with "/" (e.g. /images)';
  if (path.length > 256) return 'must be at most 256 characters';
  if (controlOrSpace.test(path))
    return 'must not contain spaces, quotes, "<", ">", "\\" or control characters';
  if (path.split('/').some((segment) => segment === '.' || segment === '..'))
    return 'must not contain "." or ".." segments';
  if (/[?#]/.test(path)) return 'must be a path without "?" or "#"';
  return undefined;
}

export const workflowModes = ['pr', 'direct'] as const;

export const WorkflowSchema = z.strictObject({
  default: z.enum(workflowModes),
  /** When true, the API refuses saves in the other mode. */
  locked: z.optional(z.boolean()),
});

export const CollectionConfigSchema = z.strictObject({
  label: nonEmptyString(),
  directory: DirectorySchema.clone(),
  path: z.optional(PathPatternsSchema),
  /** The frontmatter new items are written in (an addition); existing files keep their own. */
  format: z.optional(z.enum(['yaml', 'toml', 'json'])),
  fields: FieldListSchema,
  workflow: z.optional(WorkflowSchema),
  media: z.optional(MediaConfigSchema),
  /** Translations (an addition): how this collection's locales are laid out (i18n/i18n-config.ts). */
  i18n: z.optional(CollectionI18nSchema),
});

const collectionNameMessage =
  'expected a collection name: 1 to 64 lowercase letters, digits, "_" or "-", starting with a letter or digit';

const CollectionsSchema = z
  .record(
    z.string().check(
      z.regex(collectionNamePattern, collectionNameMessage),
      z.refine(
        (name) => !reservedNames.has(name),
        'is a reserved collection name (constructor, prototype and __proto__ are not allowed)',
      ),
    ),
    CollectionConfigSchema,
    {
      // zod words a bad record key as "Invalid key in record"; say what a valid name is instead.
      error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined),
    },
  )
  .check(
    // Collections may share a directory when no file can be an item of both: each of the two is
    // told which file the other can claim too (a problem of those two collections only). Nested
    // directories are compared by nothing more, as before: a bundle collection of `source` beside
    // a collection of `source/_posts` claims `source/_posts/index.md` only if such a file exists.
    z.superRefine((collections, ctx) => {
      const entries = Object.entries(collections);
      entries.forEach(([name, collection], n) => {
        for (const [other, otherCollection] of entries.slice(n + 1)) {
          if (otherCollection.directory !== collection.directory) continue;
          const file = collectionsOverlap(collection, otherCollection);
          if (file === undefined) continue;
          for (const [at, against] of [
            [name, other],
            [other, name],
          ] as const)
            ctx.issues.push({
              code: 'custom',
              message: `collection "${against}" can claim the same files (e.g. ${file}); give the two collections other directories, or "path" patterns that cannot match one file`,
              path: [at, collections[at]!.path === undefined ? 'directory' : 'path'],
              input: collections[at]!.directory,
            });
        }
      });
    }),
  );

export const PreviewSchema = z.strictObject({
  /** Cloudflare Pages project whose branch aliases serve draft previews. */
  pagesProject: z.optional(
    z
      .string()
      .check(
        z.regex(
          pagesProjectPattern,
          'expected a Cloudflare Pages project name: lowercase letters, digits and "-"',
        ),
      ),
  ),
});

const cmsConfigShape = {
  $schema: z.optional(z.string()),
  name: nonEmptyString(),
  collections: CollectionsSchema,
  preview: z.optional(PreviewSchema),
  media: z.optional(MediaConfigSchema),
  /** The locales of the translated collections and the default (an addition). */
  i18n: z.optional(RepoI18nSchema),
};

const CmsConfigObject = z.strictObject(cmsConfigShape);

export const CmsConfigSchema = CmsConfigObject.check(
  z.superRefine((config, ctx) => {
    const issue = (message: string, path: PropertyKey[], input: unknown) =>
      ctx.issues.push({ code: 'custom', message, path, input });
    for (const [name, collection] of Object.entries(config.collections)) {
      const i18nProblem = collection.i18n && collectionI18nProblem(config.i18n, collection.i18n);
      if (i18nProblem)
        issue(i18nProblem[1], ['collections', name, 'i18n', i18nProblem[0]], collection.i18n);
      else if (collection.i18n) {
        const file = localeOverlap(config, name);
        if (file !== undefined) issue(file, ['collections', name, 'i18n', 'structure'], undefined);
      }
      for (const [field, at, depth] of eachField(collection.fields)) {
        const path = ['collections', name, 'fields', ...at];
        if ('i18n' in field && field.i18n !== undefined && (depth > 1 || !collection.i18n))
          issue(
            depth > 1
              ? 'only a top-level field takes "i18n" (a nested field is translated with its field)'
              : 'only a field of a translated collection (one with "i18n") takes "i18n"',
            [...path, 'i18n'],
            field.i18n,
          );
        else if (depth > maxFieldDepth)
          issue(`objects and lists nest at most ${maxFieldDepth} levels deep`, path, field);
        // An image or file field stores a path under a media directory: one must be configured.
        else if (mediaFieldTypes.has(field.type) && !config.media && !collection.media) {
          issue(
            `"${field.type}"${'name' in field ? ` (field "${field.name}")` : ''} needs a media directory: add "media": {"directory", "publicPath"} to the config or to the collection`,
            [...path, 'type'],
            field.type,
          );
        } else if (field.type === 'relation' && field.collection !== undefined) {
          const target = Object.hasOwn(config.collections, field.collection)
            ? config.collections[field.collection]
            : undefined;
          if (!target)
            issue(
              `no collection "${field.collection}" (known: ${Object.keys(config.collections).join(', ')})`,
              [...path, 'collection'],
              field.collection,
            );
          else if (
            field.displayField !== undefined &&
            !target.fields.some((candidate) => candidate.name === field.displayField)
          ) {
            issue(
              `collection "${field.collection}" has no field "${field.displayField}"`,
              [...path, 'displayField'],
              field.displayField,
            );
          }
        }
      }
    }
  }),
);

/**
 * Why a translated collection's locales clash with another collection, or undefined when they do
 * not: a locale's folder (or suffixed files) where another collection, or another collection's
 * locale, can claim the same files. Two collections in one directory are compared as before
 * (CollectionsSchema); this adds the places of their other locales.
 */
function localeOverlap(config: z.infer<typeof CmsConfigObject>, name: string): string | undefined {
  const placesOf = (of: string) => {
    const collection = config.collections[of]!;
    const i18n = collection.i18n && collectionLocalesOf(config.i18n, collection.i18n);
    return i18n
      ? localeViewsOf(collection, i18n).map(({ locale, view }) => ({
          locale: locale === i18n.default ? undefined : locale,
          view,
        }))
      : [{ locale: undefined, view: collection }];
  };
  const own = placesOf(name);
  for (const other of Object.keys(config.collections)) {
    if (other === name) continue;
    for (const mine of own)
      for (const theirs of placesOf(other)) {
        // Two default locales: CollectionsSchema has compared them already.
        if (mine.locale === undefined && theirs.locale === undefined) continue;
        if (mine.view.directory !== theirs.view.directory) continue;
        const file = collectionsOverlap(mine.view, theirs.view);
        if (file !== undefined)
          return `${mine.locale ? `locale "${mine.locale}"` : 'the default locale'} is in the files of collection "${other}"${theirs.locale ? ` (locale "${theirs.locale}")` : ''} (e.g. ${file}); give the locales other directories`;
      }
  }
  return undefined;
}

/**
 * A repository's config as the API answers it: the file's collections that are valid, and
 * `problems` (an addition) naming each collection left out for a problem of its own.
 */
export const RepoConfigSchema = z.strictObject({
  ...cmsConfigShape,
  problems: z.optional(z.record(z.string(), z.string())),
});

export type { FieldDefinition, ListItemField } from './field-definition';
export { fieldNamePattern, FieldDefinitionSchema, SelectOptionSchema } from './field-definition';
export type WorkflowMode = (typeof workflowModes)[number];
export type WorkflowConfig = z.infer<typeof WorkflowSchema>;
export type CollectionConfig = z.infer<typeof CollectionConfigSchema>;
/**
 * A config as the service holds it: `problems` (an addition) names each collection left out for a
 * problem of its own, with the problem (`collections.posts.path[1]: …`).
 */
export type CmsConfig = z.infer<typeof CmsConfigSchema> & { problems?: Record<string, string> };
export type MediaConfig = z.infer<typeof MediaConfigSchema>;
export type { FieldType, SelectOption } from './field-value';
