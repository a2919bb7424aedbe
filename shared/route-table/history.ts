import { ContentDiffSchema } from '../pulls/schemas';
import { LocaleQuerySchema, PutContentResultSchema } from '../content/schemas';
import {
  CompareQuerySchema,
  HistoryQuerySchema,
  ItemHistorySchema,
  RestoreBodySchema,
  RevertBodySchema,
  RevertResultSchema,
} from '../history/history-schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

const configChanged = error(
  'cms.config.json has been removed or made invalid since the repository was connected',
);

/** An item's history (an addition to the spec): its versions, two of them compared, one restored. In the content group. */
export const historyRoutes = [
  {
    id: 'getContentHistory',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/{slug}/history',
    group: 'content',
    access: 'content:read',
    summary: "List an item's versions: who changed it, when and why",
    description:
      "An addition to the spec: the commits that changed the item's file, newest first, `limit` per page (30 by default, at most 100), each with its author (GitHub login and name), date, message, the item's slug and path in that version, and, when it came through the CMS, what the CMS did and for whom (`cms`) and the change request it was published by (`changeRequest`). One GitHub round trip per page. The history follows renames: the CMS's own at no cost, others (a file added with the very bytes another item's file lost in the same commit) for one more round trip at the end of each name's history; a page may then hold fewer versions than `limit`. Pages are pinned to the commit the first page started from: versions committed meanwhile appear on a new first page. A page-bundle item's history is its bundle file's. `branch` reads the history on that branch (a draft's). An addition, in a translated collection: `locale` follows that locale's file of the item (the default locale's when absent).",
    query: HistoryQuerySchema,
    responses: {
      200: { description: 'One page of versions, newest first', schema: ItemHistorySchema },
      400: error(
        'Invalid slug or branch name; `limit` outside 1 to 100; a cursor this history did not give; a `locale` the collection does not have, or any on an untranslated collection',
      ),
      404: error('Collection not found, the item has no history, or the branch does not exist'),
      409: configChanged,
    },
  },
  {
    id: 'compareContentVersions',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/{slug}/compare',
    group: 'content',
    access: 'content:read',
    summary: 'Compare two versions of an item, field by field',
    description:
      "An addition to the spec: the item in version `from` against version `to` (the default branch when absent), as a review shows a draft: frontmatter field by field (nested values included) and the body as old and new text. Versions are full commit shas (from the history) or branch names. One GitHub round trip. A side where the item did not exist makes `type` `added` or `deleted`. An addition, in a translated collection: `locale` compares that locale's file (the default locale's when absent).",
    query: CompareQuerySchema,
    responses: {
      200: { description: 'The change from `from` to `to`', schema: ContentDiffSchema },
      400: error(
        'Invalid slug; `from` or `to` is neither a full commit sha (40 hexadecimal digits) nor a branch name; a `locale` the collection does not have, or any on an untranslated collection',
      ),
      404: error('Collection not found, or the item exists in neither version'),
      409: configChanged,
    },
  },
  {
    id: 'restoreContentVersion',
    method: 'POST',
    path: '/api/repos/{repo}/content/{collection}/{slug}/restore',
    group: 'content',
    access: 'content:write',
    summary: 'Restore an earlier version of an item, as a new commit or a draft',
    description:
      "An addition to the spec: writes the item's file as it was in commit `version`, byte for byte, as one new commit (the history keeps every version in between); no other file changes. Guarded by `sha`, the item's current blob sha, as a save is (absent: the item must not exist now, and the restore creates it again). `mode` as PUT takes it; absent, the collection's workflow decides (`pr`: the item's draft branch `cms/{collection}/{slug}`, published through its change request); a direct restore that meets a default branch kept to pull requests is saved as a draft instead (`protectedBranch`), as a save is. A version identical to the current file makes no commit and answers `unchanged: true`. The restored bytes are not checked against today's fields (they are a version the repository held); the editor shows any problem when the item opens. The item must have had today's slug in that version: for an older name, restore under that slug's history. An addition, in a translated collection: `locale` restores that locale's file (the default locale's when absent), and no other locale's.",
    query: LocaleQuerySchema,
    body: RestoreBodySchema,
    responses: {
      200: {
        description: 'Restored (on the draft branch for `mode: branch`), or unchanged',
        schema: PutContentResultSchema,
      },
      400: error(
        'Invalid slug; `version` or `sha` not a git object id; a mode the collection is not locked to; the version is a symbolic link or not a text file; a `locale` the collection does not have, or any on an untranslated collection',
      ),
      403: error('The app is not installed, or you lack write access'),
      404: error("Collection not found, or the item's file is not in that version"),
      409: error(
        'The item changed (or exists, when `sha` is absent): fetch the latest sha and retry; the draft was published or closed meanwhile',
      ),
    },
  },
  {
    id: 'revertContentVersion',
    method: 'POST',
    path: '/api/repos/{repo}/content/{collection}/{slug}/revert',
    group: 'content',
    access: 'content:write',
    summary: 'Undo what one version changed in an item, as a change request',
    description:
      "An addition to the spec, to undo a publish: opens a change request that reverts exactly what commit `version` changed in the item's file (a published change request's commit, from the item's history, or any version that changed it), on the item's draft branch `cms/{collection}/{slug}`. Three-way, field by field and the body line by line: later edits to other fields or lines stay. Refused with 409 when later edits changed what the version changed (the fields are named; nothing is made), or when the item has a draft already (publish or close it first). A version that created or deleted the item is a 400 (delete the item, or restore a version, instead). An item that holds none of the version's changes any more answers `unchanged: true` and makes nothing. Only the item's file changes (in a translated collection, the file of `locale`, the default locale's when absent): media files the version added stay. Needs content:write, as opening a change request does; publishing it is a publish like any other.",
    query: LocaleQuerySchema,
    body: RevertBodySchema,
    responses: {
      200: {
        description: 'The change request that undoes the version, or unchanged',
        schema: RevertResultSchema,
      },
      400: error(
        'Invalid slug; `version` not a git object id, or a version that created or deleted the item; a `locale` the collection does not have, or any on an untranslated collection',
      ),
      403: error('The app is not installed, or you lack write access'),
      404: error('Collection not found, or the version did not change the item'),
      409: error(
        'Later edits overlap what the version changed (named): nothing was undone; the item has a draft already, or was deleted since',
      ),
    },
  },
] as const satisfies readonly RouteDef[];
