import * as z from 'zod/mini';
import { activityDocs } from '../activity/activity-schemas';
import { authDocs } from '../auth/schemas';
import { deviceDocs } from '../auth/device-schemas';
import { tokenDocs } from '../auth/token-schemas';
import { configDocs } from '../content/config-docs';
import { fieldDefinitionDocs } from '../content/field-definition';
import { listDocs } from '../content/list-schemas';
import { moveDocs } from '../content/move-schemas';
import { contentDocs } from '../content/schemas';
import { translationDocs } from '../content/i18n/translation-schemas';
import { translationCreateDocs } from '../content/i18n/translation-create-schemas';
import { githubEventDocs } from '../freshness/github-event-schemas';
import { historyDocs } from '../history/history-schemas';
import { mediaDocs } from '../media/media-schemas';
import { openApiDocumentDocs } from './document-schema';
import { presenceDocs } from '../presence/presence-schemas';
import { pullChecksDocs } from '../pulls/check-schemas';
import { pullsDocs } from '../pulls/schemas';
import { blockerDocs } from '../pulls/blocker-schemas';
import { pullActionDocs } from '../pulls/action-schemas';
import { diffDocs } from '../pulls/diff-schemas';
import { commentDocs } from '../pulls/comment-schemas';
import { setDocs } from '../pulls/set-schemas';
import { reposDocs } from '../repos/schemas';
import { scheduleDocs } from '../schedules/schedule-schemas';
import { commonDocs } from '../schemas';
import { webhookDocs } from '../webhooks/webhook-schemas';
import { HealthSchema, MeSchema } from '../auth/schemas';
import {
  DeviceCodeSchema,
  DeviceTokenAnswerSchema,
  DeviceTokenBodySchema,
} from '../auth/device-schemas';
import {
  ApiTokenCreatedSchema,
  ApiTokenSummarySchema,
  CreateTokenBodySchema,
  PermissionSchema,
} from '../auth/token-schemas';
import {
  CmsConfigSchema,
  RepoConfigSchema,
  CollectionConfigSchema,
  FieldDefinitionSchema,
} from '../content/config-schema';
import { FieldListSchema, ListItemFieldSchema } from '../content/field-definition';
import { ConnectRepoBodySchema, HostRepoSchema, RepoConnectionSchema } from '../repos/schemas';
import {
  ChangedFileSchema,
  ContentDiffFieldSchema,
  ContentDiffSchema,
  CreateCommentBodySchema,
  CreatePullBodySchema,
  CreatePullResultSchema,
  DraftStateResultSchema,
  MergeBlockerSchema,
  MergeConflictSchema,
  MergeResultSchema,
  PrCommentSchema,
  PullRequestDetailSchema,
  PullRequestSummarySchema,
  RebaseRefusalSchema,
  UpdateConflictSchema,
  ValueChangeSchema,
} from '../pulls/schemas';
import {
  ContentItemSchema,
  PutContentBodySchema,
  PutContentResultSchema,
  SkippedFileSchema,
} from '../content/schemas';
import { ErrorSchema, GatewayErrorSchema, OkSchema } from '../schemas';

/**
 * Each schema module's words and examples for this document (`schemaDocs` in shared/schemas.ts),
 * in zod's global registry once imported. Named here so that the bundles serving the document
 * keep them; nothing else imports them, so other bundles drop the text.
 */
export const schemaDocumentation = [
  activityDocs,
  authDocs,
  deviceDocs,
  tokenDocs,
  configDocs,
  fieldDefinitionDocs,
  listDocs,
  moveDocs,
  contentDocs,
  translationDocs,
  translationCreateDocs,
  githubEventDocs,
  historyDocs,
  mediaDocs,
  openApiDocumentDocs,
  presenceDocs,
  pullsDocs,
  blockerDocs,
  pullActionDocs,
  diffDocs,
  commentDocs,
  pullChecksDocs,
  setDocs,
  reposDocs,
  scheduleDocs,
  commonDocs,
  webhookDocs,
];

/**
 * The schemas that become `components/schemas` entries, named as the spec names them. Any other
 * schema in the route table is written inline where it is used; these are referenced by `$ref`
 * wherever they appear, also nested (a `Permission` inside `ApiTokenSummary`).
 */
export const componentSchemas = z.registry<{ id: string; description?: string }>();

const named: Record<string, z.ZodMiniType> = {
  Ok: OkSchema,
  Error: ErrorSchema,
  GatewayError: GatewayErrorSchema,
  Health: HealthSchema,
  Me: MeSchema,
  Permission: PermissionSchema,
  ApiTokenSummary: ApiTokenSummarySchema,
  ApiTokenCreated: ApiTokenCreatedSchema,
  DeviceCode: DeviceCodeSchema,
  DeviceTokenAnswer: DeviceTokenAnswerSchema,
  RepoConnection: RepoConnectionSchema,
  HostRepo: HostRepoSchema,
  CmsConfig: CmsConfigSchema,
  RepoConfig: RepoConfigSchema,
  CollectionConfig: CollectionConfigSchema,
  FieldDefinition: FieldDefinitionSchema,
  ListItemField: ListItemFieldSchema,
  FieldList: FieldListSchema,
  ContentItem: ContentItemSchema,
  SkippedFile: SkippedFileSchema,
  PutContentResult: PutContentResultSchema,
  PullRequestSummary: PullRequestSummarySchema,
  PullRequestDetail: PullRequestDetailSchema,
  CreatePullResult: CreatePullResultSchema,
  MergeResult: MergeResultSchema,
  MergeConflict: MergeConflictSchema,
  UpdateConflict: UpdateConflictSchema,
  RebaseRefusal: RebaseRefusalSchema,
  DraftStateResult: DraftStateResultSchema,
  MergeBlocker: MergeBlockerSchema,
  ChangedFile: ChangedFileSchema,
  ContentDiff: ContentDiffSchema,
  ContentDiffField: ContentDiffFieldSchema,
  ValueChange: ValueChangeSchema,
  PrComment: PrCommentSchema,
};

/**
 * Request bodies the spec names: `components/requestBodies` entries, each schema written inline
 * there. A body field with a default (PutContentBody.mode) is optional to send; generators such
 * as openapi-typescript read `default` as "always present" except inside a request body, so a
 * body kept under `components/schemas` would make it required in a generated client.
 */
export const requestBodies = new Map<z.ZodMiniType, string>([
  [CreateTokenBodySchema, 'CreateTokenBody'],
  [DeviceTokenBodySchema, 'DeviceTokenBody'],
  [ConnectRepoBodySchema, 'ConnectRepoBody'],
  [PutContentBodySchema, 'PutContentBody'],
  [CreatePullBodySchema, 'CreatePullBody'],
  [CreateCommentBodySchema, 'CreateCommentBody'],
]);

/** Words for the document where a schema's meaning is not in its shape (enum values above all). */
const descriptions: Record<string, string> = {
  MergeBlocker:
    'Why a pull request on a cms/{collection}/{slug} branch is not a genuine draft. reason: `cross-repository` (its head is a branch of a fork with the same name), ' +
    "`base-not-default` (it targets another branch than the default branch), `foreign-files` (it changes files other than its own item {directory}/{slug}.md (or the file the collection's `path` pattern names) " +
    "and the media files it adds to its collection's media directory that the item references (a frontmatter value, or a markdown link or image target), " +
    'more than 100 files, or renames or changes the type of the item; or a file it keeps is not what the CMS writes: read at the head sha, a symbolic link, a submodule or ' +
    'an executable file that was not one on the default branch, or a media file that fails the upload rules: an extension of no accepted type, over 25 MiB, bytes of another type, ' +
    'an SVG with active content or outside references; `message` names each file, with the reason). Such a pull request can be read, diffed, commented and closed (its branch is kept), ' +
    'never published, updated or rebased (409 with the same reason).',
  MergeConflict:
    'A refused merge: `reason` is always a code, `error` the refusal in words. `conflicts` (merge conflicts), `cross-repository` | `base-not-default` | `foreign-files` (not a genuine draft, ' +
    "nothing is merged), `already-merged`, `closed`, `head-moved`, a publish blocker's code (the first of `publishBlockers`) or `refused` (another refusal of GitHub's).",
  UpdateConflict:
    'A refused update. reason: `conflicts` (`fields` names the frontmatter fields, and `body`, in conflict; `paths`, an addition present when a conflict lies inside an ' +
    'object or list field, names every conflict by its deepest path: fields ["seo"] with paths ["seo.title"], or `links[1]` for items both sides changed in different ways) or `cross-repository` | `base-not-default` | `foreign-files` ' +
    '(not a genuine draft; `error` says why).',
  RebaseRefusal:
    'A refused rebase: the pull request is not open, or (reason `cross-repository` | `base-not-default` | `foreign-files`) not a genuine draft.',
  PullRequestSummary:
    'An open draft. `draft` and `mergeable` (additions) place it on the board: `draft: true` (a GitHub draft pull request) is In progress; otherwise In review, ' +
    'and Ready to publish when `mergeable` is true (required checks and approvals will join this test with the review workflow). `mergeable` is null while GitHub computes it.',
  FieldList:
    'The fields of a collection, an `object` or a `list` of objects: distinct names, in the order the editor shows them.',
  ListItemField:
    "What each item of a `list` field is when the items are single values: a field definition without `name` (its `label` defaults to the list's).",
  DraftStateResult:
    'The review state after POST or DELETE …/pulls/{number}/ready: `draft` false is ready for review (In review), true is In progress (a GitHub draft pull request).',
  FieldDefinition:
    "A frontmatter field. The spec's types are string, string[], number, boolean and date; additions: image, image[], file, file[] (media paths), " +
    '`text` (a multi-line string), `select` (`options`: a non-empty list of distinct strings or {value, label}; with `multiple: true` the value is a list of option values, ' +
    'otherwise one), `datetime` (an ISO date-time such as 2025-01-02T10:00:00+02:00, or the date forms with a time) and `hidden` (needs a `default`; the editor does not show it, ' +
    'a new item gets the default), `object` (`fields`: the nested fields; the value is a mapping), `list` (`field`: what each item is, or `fields`: each item is an object ' +
    'of them; `min`/`max` count items), `relation` (`collection`: another collection of the config; the value is the slug of one of its items, or with `multiple: true` a list ' +
    'of slugs; `displayField` names the field the editor shows, default `title`). Objects and lists nest at most 5 levels. A property on a type that does not take it is ' +
    'refused, as is an unknown type (400 naming it and its path, e.g. collections.posts.fields[1].fields[0].type). A save names a bad nested value by its path: ' +
    'frontmatter.links[2].url.',
  CollectionConfig:
    'A collection. `path` (an addition to the spec, optional) says where an item lives inside `directory`: `{slug}.md` (the default), `{slug}.mdx`, `{slug}.markdown`, ' +
    'or a page bundle such as `{slug}/index.md` (one folder per item). It holds `{slug}` exactly once, is relative, has no `.`, `..` or empty segments and no `\\`, ' +
    'and ends in .md, .mdx or .markdown; fixed folders belong in `directory`.',
  ContentItem:
    'A content item. `slug` is the file name without its extension (for page bundles the folder name). A file whose name is not a strict slug (`About-Us.md`, `_index.md`) ' +
    'is served under an encoded slug: `_`, then each UTF-8 byte of the name kept when it is a-z, 0-9 or "-", else written `_` and two lowercase hex digits ' +
    '(`About-Us` → `__41bout-_55s`). Encoded slugs are safe in URLs and in the draft branch cms/{collection}/{slug}; new items need a strict slug.',
  SkippedFile:
    'An entry of the collection directory that the list leaves out, with why. reason: `invalid-name` (empty, `.git`, control characters, a backslash), `name-too-long` ' +
    "(its encoded slug would be over 200 characters), `other-extension` (markdown, but not the collection's `path` extension), `not-markdown`, `subfolder` (in a " +
    "collection of single files), `not-a-bundle` (a file beside the page bundles, or a folder without the bundle's file), `submodule`.",
  ContentDiffField:
    'One frontmatter field of a ContentDiff, as the spec has it. Addition: `changes`, only for a changed field whose old and new values are both objects or both lists: ' +
    'the values that changed inside it (see ValueChange), so a reviewer sees `seo.title` or `links[1].url` rather than the whole value twice.',
  ValueChange:
    'A value that changed inside an object or list field: `path` from the field (`title`, `[1].url`; list items are aligned on the items left unchanged, so an ' +
    'inserted item is one change), `oldValue` (absent when added) and `newValue` (absent when removed).',
  ChangedFile:
    "A changed file that is not a content item (listed so a reviewer sees every change): the provider's status, the old path of a rename, and whether it is binary.",
};

for (const [id, schema] of Object.entries(named))
  componentSchemas.add(schema, {
    id,
    ...(descriptions[id] ? { description: descriptions[id] } : {}),
  });
