import * as z from 'zod/mini';

import {
  DeletionsBodySchema,
  DeletionsResultSchema,
  DuplicateContentBodySchema,
  DuplicateContentResultSchema,
  RenameContentBodySchema,
  RenameContentResultSchema,
} from '../content/move-schemas';
import {
  ContentItemSchema,
  DeleteContentQuerySchema,
  DeleteContentResultSchema,
  GetContentQuerySchema,
  PutContentBodySchema,
  PutContentResultSchema,
  LocaleQuerySchema,
  SkippedFileSchema,
} from '../content/schemas';
import type { RouteDef } from '../http/route-def';
import { TranslationReportSchema } from '../content/i18n/translation-schemas';
import { CreateTranslationBodySchema } from '../content/i18n/translation-create-schemas';
import { error } from './error-response';
import { orRateLimited } from './rate-limited';
import { ListContentQuerySchema, ListUnavailableSchema } from '../content/list-schemas';

/** The content group's rows: items in a collection, read and written on a branch. */
export const contentRoutes = [
  {
    id: 'listContent',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}',
    group: 'content',
    access: 'content:read',
    readAhead: 'collectionTree',
    summary: "List a collection's items",
    description:
      "Every markdown item of the collection directory, with parsed frontmatter (no body). Items live where the collection's `path` pattern says (`{slug}.md` by default; `{slug}.mdx`, `{slug}/index.md` page bundles…), or any of its patterns when `path` lists several; two files giving one slug are both left out as `duplicate-slug`. A file whose name is not a strict slug (`About-Us.md`, `_index.md`) is listed under an encoded slug starting with `_`. Entries that are not items are counted in the `X-Skipped-Files` header; `GET …/content/{collection}/_skipped` gives their reasons.\n\n" +
      'An addition to the spec: pages. Without any of `limit`, `cursor`, `sort`, `order`, `q` the answer is the whole array in path order, as the spec says, while it fits one answer (6 MB, compressed as `Accept-Encoding` allows); a larger one answers 400 naming `limit` and `cursor`. With any of them it is one page of `limit` items (100 by default, at most 1,000): the next page\'s URL is in `Link: <…>; rel="next"` (absent on the last page) and the number of matching items in `X-Total-Count`. `sort`: `path` (default), `slug`, or a top-level field declared `date`, `datetime` (by instant) or `string` (case-insensitive); `order`: `asc` (default) or `desc`; items without a value come last in both orders, equal values in path order. `q` (1 to 200 characters) keeps items whose slug or `title` contains it, case-insensitively (NFC, lower case). A cursor works only with the sort, order and q it was made with; after the collection changes, the next page continues after the last item shown.\n\n' +
      "An addition: a translated collection (one with `i18n`) lists its default locale's items; `locale` lists another locale's (its folder, or its suffixed files). A locale's folder inside the default's is never listed nor counted as skipped. A list with `locale` is read from GitHub and listed whole, without the collection index.",
    query: ListContentQuerySchema,
    responses: {
      200: {
        description: 'Items; a file that cannot be edited as fields carries a `problem`',
        schema: z.array(ContentItemSchema),
        headers: {
          'X-Skipped-Files': {
            description:
              'How many entries of the collection directory are not listed (their reasons: GET …/content/{collection}/_skipped); 0 when none',
            type: 'integer',
            required: true,
          },
          'X-Total-Count': {
            description: 'Paged lists: how many items match (`q`), on every page',
            type: 'integer',
          },
          Link: {
            description:
              'Paged lists: `<URL>; rel="next"`, the next page (the same query with its `cursor`); absent on the last page',
            type: 'string',
          },
        },
      },
      400: error(
        'Not a valid collection name (lowercase letters, digits, "-", "_"; at most 64 characters); a `locale` the collection does not have (its locales are named) or any on an untranslated collection; `limit` outside 1 to 1,000, a `sort` the collection has no date, datetime or string field of, an `order` other than asc or desc, a `q` over 200 characters, a cursor this list did not give; the whole array is more than one answer can carry (ask for pages with `limit` and follow the `cursor`)',
      ),
      404: error('Repository not connected, or collection not found'),
      409: error(
        'cms.config.json has been removed or made invalid since the repository was connected',
      ),
      503: orRateLimited({
        description:
          'A sorted or filtered page, or the whole array, of a collection over 2,000 items needs its index, which is being built: `progress` says how many files of how many have been read; ask again after `Retry-After` seconds (the build goes on meanwhile). A page in path order never waits for it. Without `progress` or `Retry-After`: the service cannot answer now (its table), try again.',
        schema: ListUnavailableSchema,
      }),
    },
  },
  {
    id: 'listSkippedFiles',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/_skipped',
    group: 'content',
    access: 'content:read',
    readAhead: 'collectionTree',
    summary: "List the files a collection's list leaves out",
    description:
      'An addition to the spec: the entries of the collection directory that the list leaves out, each with its path, a reason code and a message (a folder in a collection of single files, another extension, a name too long to encode…). `_skipped` is never a slug: slugs start with a letter or digit, encoded slugs are never `_` and a strict slug.',
    responses: {
      200: { description: 'Entries not listed, in tree order', schema: z.array(SkippedFileSchema) },
      400: error(
        'Not a valid collection name (lowercase letters, digits, "-", "_"; at most 64 characters)',
      ),
      404: error('Repository not connected, or collection not found'),
      409: error(
        'cms.config.json has been removed or made invalid since the repository was connected',
      ),
    },
  },
  {
    id: 'getTranslationReport',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/_translations',
    group: 'content',
    access: 'content:read',
    summary: "Report a translated collection's current, outdated and missing items",
    description:
      "An addition for a translated collection (one with `i18n` in cms.config.json): for each locale other than the default, how many of the default locale's items are `current`, `outdated` (the default locale's file changed after the translation's last change, by git history on the default branch) or `missing` (no file in that locale), and the slugs of the outdated and missing ones (at most 1,000 each; the counts are whole). One GitHub round trip reads the config and every locale's directory; the statuses not yet known are read from git history, 100 questions per GraphQL round trip, and kept by blob pair as each round trip is answered, so a report of files already seen costs that one read. A request stops asking history after 10 s of work and answers what it knows: `complete: false`, with `pending` statuses counted in no column; ask again and it continues where it stopped (a cold report of a large collection takes several requests, none near the 29 s limit). `_translations` is never a slug.",
    responses: {
      200: {
        description: 'The report; `complete: false` when part of it is still pending (ask again)',
        schema: TranslationReportSchema,
      },
      400: error(
        'Not a valid collection name (lowercase letters, digits, "-", "_"; at most 64 characters); the collection is not translated (it has no `i18n`)',
      ),
      404: error('Repository not connected, or collection not found'),
      409: error(
        'cms.config.json has been removed or made invalid since the repository was connected; the collection has a problem of its own in it (named)',
      ),
    },
  },
  {
    id: 'getContent',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:read',
    summary: 'Get an item with its body',
    description:
      "One item with its body; `branch` reads it from that branch. `branch`/`prNumber` appear when its draft branch has an open pull request. `path` names its file: in a collection of several `path` patterns, the one of them the item is (found in the same single read). An addition: `ref` reads the item as it was in a version (a commit sha from `GET …/{slug}/history`, or a branch), in the same shape; `sha` is then that version's blob. An addition: in a translated collection (one with `i18n`), `locale` reads that locale's file of the item, and the answer names its `locale` and, in `translations`, every locale's file on the default branch with its status (`current`, `outdated`, `missing`): no round trip of its own when the statuses are known (kept by blob pair), at most two of git history otherwise.",
    query: GetContentQuerySchema,
    responses: {
      200: {
        description:
          'The item; a file that cannot be edited as fields carries a `problem` and, for frontmatter that cannot be read, `rawFrontmatter`',
        schema: ContentItemSchema,
      },
      400: error(
        'Invalid slug or branch name; `ref` neither a full commit sha nor a branch name, or sent with `branch`; a `locale` the collection does not have (its locales are named) or any on an untranslated collection',
      ),
      404: error('Item or collection not found (in that version, with `ref`)'),
      409: error(
        'cms.config.json has been removed or made invalid since the repository was connected; the collection has a problem of its own in it (named); two files give this slug (both named: rename or delete one)',
      ),
    },
  },
  {
    id: 'putContent',
    method: 'PUT',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:write',
    summary: 'Create or update an item',
    description:
      'Creates (no sha) or updates (the current sha) an item with one commit; other frontmatter lines stay byte-identical. A save of the bytes already there makes no commit and answers `unchanged: true`. An addition: in a translated collection, `locale` saves that locale\'s file of the item (the default locale\'s when absent); a save that changes a field marked `"i18n": "shared"` answers `sharedChanges` (the other locales whose file holds another value), and `applyShared: true` writes the shared fields into those files in the same commit.',
    query: LocaleQuerySchema,
    body: PutContentBodySchema,
    responses: {
      200: { description: 'Saved, or unchanged', schema: PutContentResultSchema },
      400: error(
        "Invalid slug, frontmatter (the field is named) or mode for a locked collection; a `locale` the collection does not have (its locales are named) or any on an untranslated collection; frontmatter over the limits (128 KiB, 4,000 keys and list items); a file with TOML or JSON frontmatter, a binary file or a symbolic link; a `path` that is not one of the collection's patterns (they are named), or on an update not the item's own",
      ),
      403: error('The app is not installed, or you lack write access'),
      404: error('Collection not found'),
      409: error(
        "The file changed (or exists, under any of the collection's patterns, on create): fetch the latest sha and retry; two files give this slug (both named: rename or delete one); the collection has a problem in cms.config.json (named); on create, the slug was just taken by someone else; for `mode: branch`, the draft was published or closed meanwhile (reload); the branch kept moving while saving (other saves landed first each time): try again; with `applyShared`, another locale's file of the item changed meanwhile (named; nothing written)",
      ),
    },
  },
  {
    id: 'deleteContent',
    method: 'DELETE',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:delete',
    summary: 'Delete an item',
    description:
      "Deletes an item with one commit, guarded by its current sha; `mode=branch` deletes it on its draft branch. An addition: in a translated collection, `locale` deletes that locale's file alone (the default locale's when absent).",
    query: DeleteContentQuerySchema,
    responses: {
      200: {
        description: 'Deleted (on the draft branch for `mode=branch`)',
        schema: DeleteContentResultSchema,
      },
      400: error(
        'sha missing or not a git object id; a mode the collection is not locked to; a symbolic link; a `locale` the collection does not have (its locales are named) or any on an untranslated collection',
      ),
      404: error('Item or collection not found'),
      409: error('The file changed: fetch the latest sha and retry'),
    },
  },
  {
    id: 'renameContent',
    method: 'POST',
    path: '/api/repos/{repo}/content/{collection}/{slug}/rename',
    group: 'content',
    access: ['content:write', 'content:delete'],
    summary: 'Rename an item (move it to another slug)',
    description:
      "An addition to the spec: moves an item to the strict slug `to` with one commit that deletes the old path and adds the new one with the same blob (byte-identical; mode kept), guarded by `sha`. `mode` as PUT takes it (`direct` by default; a locked collection takes only its own): `branch` makes the new slug's draft `cms/{collection}/{to}` from the default branch with that one commit; its review shows one entry for the new slug with `previousSlug` and `previousPath`, and merge and rebase keep the deletion. A page bundle moves as a folder: every file of `{slug}/` (images, data, one level of subfolders) moves to `{to}/` in the same commit, the same blobs and modes, so the item's relative links keep working. In a translated collection the item is renamed in every locale where it has a file, in the same commit, and the answer lists each locale's move (`moved`); no `locale` is taken. `set: name` renames it in that change set instead (one commit on `cms/_sets/{name}`, the set's copies moved; one item of the set, shown as a rename in its diff), with the rules of a save into a set. An API token needs both content:write and content:delete.",
    query: LocaleQuerySchema,
    body: RenameContentBodySchema,
    responses: {
      200: {
        description: "Renamed (on the new slug's draft branch for `mode: branch`)",
        schema: RenameContentResultSchema,
      },
      400: error(
        "`to` is not a strict slug (the message says why) or is the item's own slug; a mode the collection is not locked to; a symbolic link; a page bundle with folders nested more than one level deep (rename it in git); any `locale` (a translated item is renamed in all its locales at once); `set` with `mode: branch` (they are exclusive), or with a page bundle (rename it as a single draft)",
      ),
      404: error('Item or collection not found; no change set of the name `set` gives'),
      409: error(
        '`sha` is stale, or the item changed meanwhile; `to` exists already, in any locale of a translated item (the file is named; for a page bundle, its folder) or was just taken (an item is never overwritten) or has a draft branch; the item has a draft branch of its own (publish or close that draft first); with `set`: either slug is in another open change set (named), the set is closed, or it is full (100 items); the branch kept moving (other commits landed first six times): try again. A commit that landed meanwhile in other files is no conflict: the rename is committed on top of it',
      ),
    },
  },
  {
    id: 'duplicateContent',
    method: 'POST',
    path: '/api/repos/{repo}/content/{collection}/{slug}/duplicate',
    group: 'content',
    access: 'content:write',
    summary: 'Duplicate an item under another slug',
    description:
      "An addition to the spec: copies an item's file, byte for byte (its blob and mode), to the strict slug `to`, as it is on the default branch: one commit there, or for `mode: branch` a new-item draft `cms/{collection}/{to}` (`mode` as PUT takes it). `set: name` copies the item as that change set has it into the set, as a new item of it (one commit on `cms/_sets/{name}`), with the rules of a save into a set.",
    body: DuplicateContentBodySchema,
    responses: {
      200: {
        description: "Copied (on the copy's draft branch for `mode: branch`)",
        schema: DuplicateContentResultSchema,
      },
      400: error(
        "`to` is not a strict slug or is the item's own slug; a mode the collection is not locked to; a symbolic link; `set` with `mode: branch` (they are exclusive)",
      ),
      404: error('Item or collection not found; no change set of the name `set` gives'),
      409: error(
        '`to` exists already or was just taken, or (for `mode: branch` or `set`) has a draft branch; with `set`: `to` is in another open change set (named), the set is closed, or it is full (100 items); the branch kept moving (other commits landed first six times): try again. A commit that landed meanwhile in other files is no conflict',
      ),
    },
  },
  {
    id: 'createTranslation',
    method: 'POST',
    path: '/api/repos/{repo}/content/{collection}/{slug}/translations',
    group: 'content',
    access: 'content:write',
    summary: "Create an item's translation from its default locale's file",
    description:
      "An addition for a translated collection (one with `i18n`): creates the item's file in `locale` from its default locale's file, with one commit (`mode` as PUT takes it; `branch` saves it on the draft `cms/{collection}/{slug}`). The new file keeps the default file's bytes but for its `translate` fields, which are left out, except a required one, copied so the item stays valid and named in `placeholders`; `duplicate` and `shared` fields, keys the collection does not declare, and the body are copied (a translator rewrites them in place). It takes the default file's pattern in the locale's place (`{slug}/index.fr.md` beside `{slug}/index.md`). The answer is the new translation as `GET …/{slug}?locale=` gives it, with `placeholders`.",
    body: CreateTranslationBodySchema,
    responses: {
      201: {
        description:
          'Created (on the draft branch for `mode: branch`): the translation, with `placeholders`',
        schema: ContentItemSchema,
      },
      400: error(
        'Invalid slug; the collection is not translated; a `locale` the collection does not have (its locales are named) or its default locale; a mode the collection is not locked to; the default file is a symbolic link or not text',
      ),
      403: error('The app is not installed, or you lack write access'),
      404: error('Collection not found, or the item has no file in the default locale'),
      409: error(
        "The translation exists already (its path is named: open it with `?locale=`); the default file's frontmatter cannot be read; cms.config.json has a problem (named); for `mode: branch`, the draft was published or closed meanwhile (reload); the branch kept moving: try again",
      ),
    },
  },
  {
    id: 'deleteContentItems',
    method: 'POST',
    path: '/api/repos/{repo}/deletions',
    group: 'content',
    access: 'content:delete',
    summary: 'Delete several items of a collection at once',
    description:
      'An addition to the spec: deletes 1 to 100 distinct items of one collection, each guarded by its current sha (any stale sha answers 409 naming it, and nothing changes). `direct` (the default; `mode` as PUT takes it): one commit on the default branch. `branch`: one draft `cms/{collection}/_deletions` holding every deletion (`_deletions` is never a slug); open its pull request with POST pulls. Such a draft may only delete item files of its collection; its review lists one `deleted` entry per item.',
    body: DeletionsBodySchema,
    responses: {
      200: {
        description: 'Deleted (on the deletions draft for `mode: branch`)',
        schema: DeletionsResultSchema,
      },
      400: error(
        'An invalid or repeated slug, no item or more than 100, an invalid collection name, a mode the collection is not locked to, a symbolic link',
      ),
      404: error('Collection or one of the items not found (named; nothing deleted)'),
      409: error(
        "A sha is stale, or an item changed meanwhile (the item is named; nothing deleted); the collection's deletions draft exists already; the branch kept moving (other commits landed first six times): try again. A commit that landed meanwhile in other files is no conflict",
      ),
    },
  },
] as const satisfies readonly RouteDef[];
