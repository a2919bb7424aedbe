import { schemaDocs } from '../schemas';
import {
  CmsConfigSchema,
  CollectionConfigSchema,
  MediaConfigSchema,
  PreviewSchema,
  RepoConfigSchema,
  WorkflowSchema,
} from './config-schema';
import { CollectionI18nSchema, RepoI18nSchema } from './i18n/i18n-config';

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
      path: 'Where an item lives inside `directory` (an addition): `{slug}.md` by default, `{slug}.mdx`, `{slug}/index.md`…; or a list of 1 to 8 such patterns, for a directory mixing layouts (an item is a file of any of them; new items take the first unless created with another; two files giving one slug are listed as `duplicate-slug` and refused with 409 until one is renamed or deleted)',
      format:
        "The frontmatter new items are written in (an addition): `yaml` (`---`, the default), `toml` (`+++`, Hugo and Zola) or `json`. Existing files always keep the format they have; `cms init` sets this when most of a collection's files use TOML or JSON",
      workflow: 'How saves are made: straight to the default branch or as drafts',
      media: "Overrides the repository's `media` for this collection's uploads",
      i18n: 'The collection is translated (an addition): how its locales are laid out; without it, the collection has one locale and every answer about it is unchanged',
    },
  });
  document(RepoI18nSchema, {
    properties: {
      locales:
        'The locale codes (1 to 40, e.g. `en`, `pt-br`, `zh-CN`) of the translated collections',
      default:
        'The default locale, one of `locales`: translations are made from it and compared with it',
    },
    examples: [{ locales: ['en', 'fr', 'de'], default: 'en' }],
  });
  document(CollectionI18nSchema, {
    properties: {
      structure:
        "`directories`: the collection's `directory` holds the default locale, `directory` here every other; `suffix`: one directory, `{slug}.fr.md` (Hugo)",
      directory:
        "`directories` only: the other locales' directory, with `{locale}` exactly once, e.g. `content/{locale}/posts`",
      suffixDefault:
        "`suffix` only: the default locale's files carry their suffix too (`about.en.md`)",
      locales:
        "A subset of the repository's locales, in order; required without a repository `i18n`",
      default: "The collection's default locale; required without a repository `i18n`",
    },
    examples: [{ structure: 'directories', directory: 'docs/src/content/docs/{locale}/guides' }],
  });
  document(RepoConfigSchema, {
    properties: {
      // The same schemas as CmsConfig's, described once with the same words.
      $schema: 'Allowed so editors can point at a JSON Schema of this file; ignored by the service',
      name: "The site's name, as the editor shows it",
      collections: 'The collections, by name (1 to 64 lowercase letters, digits, "_" or "-")',
      preview: 'Where drafts are previewed',
      media: 'Where uploads go unless a collection says otherwise (an addition to the spec)',
      i18n: 'The locales of the translated collections and the default (an addition)',
      problems:
        'An addition: each collection of the file left out of `collections` for a problem of its own (a field, its `path`, files another collection can claim too), with the problem named by its path in the file. The other collections work; that one answers 409 with the same words until the file is fixed',
    },
    examples: [
      {
        name: 'Demo blog',
        collections: {
          posts: {
            label: 'Posts',
            directory: 'content/posts',
            path: ['{slug}.md', '{slug}/index.md'],
            fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
          },
        },
        problems: {
          pages: 'collections.pages.path[1]: must contain "{slug}" exactly once',
        },
      },
    ],
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
      i18n: 'The locales of the translated collections and the default (an addition)',
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
