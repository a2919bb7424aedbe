import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import '../zod-locale';
import { InvalidInputError } from '../errors';
import { formatIssues } from '../format-issues';
import { collectionNamePattern, reservedNames } from './collection-name';
import { eachField, FieldListSchema, maxFieldDepth } from './field-definition';
import { mediaFieldTypes } from './field-value';
import { pathPatternProblem } from './item-path';
import { directoryProblem, normaliseDirectory } from './repo-path';

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

/**
 * An addition to the spec: where each item lives inside `directory`. `{slug}.md` when absent (the
 * spec's layout); `{slug}.mdx` or `{slug}.markdown` for other extensions; `{slug}/index.md` (or
 * `{slug}/_index.md`, …) for page bundles, one folder per item.
 */
export const PathPatternSchema = z.string().check(
  z.superRefine((pattern, ctx) => {
    const problem = pathPatternProblem(pattern);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: pattern });
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
  path: z.optional(PathPatternSchema),
  /** The frontmatter new items are written in (an addition); existing files keep their own. */
  format: z.optional(z.enum(['yaml', 'toml', 'json'])),
  fields: FieldListSchema,
  workflow: z.optional(WorkflowSchema),
  media: z.optional(MediaConfigSchema),
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
    z.superRefine((collections, ctx) => {
      const owners = new Map<string, string>();
      for (const [name, collection] of Object.entries(collections)) {
        const owner = owners.get(collection.directory);
        if (owner !== undefined)
          ctx.issues.push({
            code: 'custom',
            message: `already used by collection "${owner}"`,
            path: [name, 'directory'],
            input: collection.directory,
          });
        else owners.set(collection.directory, name);
      }
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

export const CmsConfigSchema = z
  .strictObject({
    $schema: z.optional(z.string()),
    name: nonEmptyString(),
    collections: CollectionsSchema,
    preview: z.optional(PreviewSchema),
    media: z.optional(MediaConfigSchema),
  })
  .check(
    z.superRefine((config, ctx) => {
      const issue = (message: string, path: PropertyKey[], input: unknown) =>
        ctx.issues.push({ code: 'custom', message, path, input });
      for (const [name, collection] of Object.entries(config.collections)) {
        for (const [field, at, depth] of eachField(collection.fields)) {
          const path = ['collections', name, 'fields', ...at];
          if (depth > maxFieldDepth)
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

export type { FieldDefinition, ListItemField } from './field-definition';
export { fieldNamePattern, FieldDefinitionSchema, SelectOptionSchema } from './field-definition';
export type WorkflowMode = (typeof workflowModes)[number];
export type WorkflowConfig = z.infer<typeof WorkflowSchema>;
export type CollectionConfig = z.infer<typeof CollectionConfigSchema>;
export type CmsConfig = z.infer<typeof CmsConfigSchema>;
export type MediaConfig = z.infer<typeof MediaConfigSchema>;
export type { FieldType, SelectOption } from './field-value';

/**
 * Reads `cms.config.json`. Throws an InvalidInputError naming the file and the first invalid path,
 * e.g. `cms.config.json: collections.posts.fields[1].type: unknown field type "color" (known: string, …)`.
 */
export function parseCmsConfig(text: string): CmsConfig {
  let json: unknown;
  try {
    // Editors on Windows may save a byte order mark, which JSON.parse refuses.
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw new InvalidInputError(
      `${cmsConfigFileName}: invalid JSON (${(error as Error).message})`,
      { cause: error },
    );
  }
  const result = CmsConfigSchema.safeParse(json);
  if (!result.success)
    throw new InvalidInputError(`${cmsConfigFileName}: ${formatIssues(result.error)}`);
  return result.data;
}

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const configDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(MediaConfigSchema, {
    properties: {
      directory: 'The directory in the repository uploads go to, e.g. static/images',
      publicPath:
        'Where the site serves that directory, e.g. /images: an image field stores this, "/" and the file name',
    },
  });
  document(WorkflowSchema, {
    properties: {
      default:
        '`pr`: saves go to a draft branch and a pull request; `direct`: commits to the default branch',
      locked: 'When true, the API refuses saves in the other mode (400)',
    },
  });
  document(CollectionConfigSchema, {
    properties: {
      label: 'The name the editor shows',
      directory: 'The directory in the repository that holds the items, e.g. content/posts',
      path: 'Where an item lives inside `directory` (an addition): `{slug}.md` by default, `{slug}.mdx`, `{slug}/index.md`…',
      format:
        "The frontmatter new items are written in (an addition): `yaml` (`---`, the default), `toml` (`+++`, Hugo and Zola) or `json`. Existing files always keep the format they have; `cms init` sets this when most of a collection's files use TOML or JSON",
      workflow: 'How saves are made: straight to the default branch or as drafts',
      media: "Overrides the repository's `media` for this collection's uploads",
    },
  });
  document(PreviewSchema, {
    properties: {
      pagesProject: 'The Cloudflare Pages project whose branch aliases serve draft previews',
    },
  });
  document(CmsConfigSchema, {
    properties: {
      $schema: 'Allowed so editors can point at a JSON Schema of this file; ignored by the service',
      name: "The site's name, as the editor shows it",
      collections: 'The collections, by name (1 to 64 lowercase letters, digits, "_" or "-")',
      preview: 'Where drafts are previewed',
      media: 'Where uploads go unless a collection says otherwise (an addition to the spec)',
    },
    examples: [
      {
        name: 'Demo blog',
        collections: {
          posts: {
            label: 'Posts',
            directory: 'content/posts',
            // No `default` here: Spectral takes an object with `type` and `default` inside an example for a schema.
            fields: [
              { name: 'title', type: 'string', label: 'Title', required: true },
              { name: 'date', type: 'date', label: 'Date' },
              { name: 'tags', type: 'string[]', label: 'Tags' },
              { name: 'draft', type: 'boolean', label: 'Draft' },
            ],
            workflow: { default: 'pr' },
          },
        },
        media: { directory: 'static/images', publicPath: '/images' },
      },
    ],
  });
});
