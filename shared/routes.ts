import { CallbackQuerySchema, HealthSchema, MeSchema } from './auth/schemas';
import { ApiTokenCreatedSchema, ApiTokenSummarySchema, CreateTokenBodySchema, DeviceStartBodySchema } from './auth/token-schemas';
import * as z from 'zod/mini';
import { DeviceCodeSchema, DeviceReviewQuerySchema, DeviceTokenAnswerSchema, DeviceTokenBodySchema } from './auth/device-schemas';
import { CmsConfigSchema } from './content/config-schema';
import { ConnectRepoBodySchema, HostRepoSchema, RepoConnectionSchema } from './repos/schemas';
import { ContentDiffSchema, CreateCommentBodySchema, CreatePullBodySchema, CreatePullResultSchema, DraftStateResultSchema, MergeConflictSchema, MergeResultSchema, PrCommentSchema, PullRequestDetailSchema, PullRequestSummarySchema, UpdateConflictSchema, RebaseRefusalSchema } from './pulls/schemas';
import { ContentItemSchema, SkippedFileSchema, DeleteContentQuerySchema, DeleteContentResultSchema, GetContentQuerySchema, PutContentBodySchema, PutContentResultSchema } from './content/schemas';
import type { Group, RouteDef } from './http/route-def';
import { DeletionsBodySchema, DeletionsResultSchema, DuplicateContentBodySchema, DuplicateContentResultSchema, RenameContentBodySchema, RenameContentResultSchema } from './content/move-schemas';
import { OpenApiDocumentSchema } from './openapi/document-schema';
import { ErrorSchema, OkSchema } from './schemas';
import { mediaRoutes } from './media-routes';

const error = (description: string) => ({ description, schema: ErrorSchema });

/**
 * THE route table. Read by the group handlers (routing, authentication, validation), the local
 * gateway, the CDK stack (one function per group, one HTTP API route per row), the OpenAPI
 * document and the permission-matrix tests. A row lands together with its implementation.
 */
export const routes = [
  {
    id: 'getHealth',
    method: 'GET',
    path: '/api/health',
    group: 'health',
    access: 'none',
    summary: 'Liveness and readiness: {"status":"ok"} when the service is up, {"status":"not_ready","reason"} while a setting is not filled in (the GitHub App secret on AWS).',
    responses: { 200: { description: 'Up; `status` says whether it is ready', schema: HealthSchema } },
  },
  {
    id: 'getOpenApi',
    method: 'GET',
    path: '/api/openapi.json',
    group: 'health',
    access: 'none',
    summary: 'This API as an OpenAPI 3.1 document (version 1.0.0), generated from the route table.',
    responses: { 200: { description: 'The OpenAPI document', schema: OpenApiDocumentSchema } },
  },
  {
    id: 'getMe',
    method: 'GET',
    path: '/api/auth/me',
    group: 'session',
    access: 'none',
    summary: 'Who the session cookie belongs to, if anyone.',
    responses: { 200: { description: 'Session state', schema: MeSchema } },
  },
  {
    id: 'login',
    method: 'GET',
    path: '/auth/login',
    group: 'session',
    access: 'none',
    summary: 'Starts sign-in: redirects to the provider with OAuth state and PKCE (S256).',
    responses: { 302: { description: 'Redirect to the provider\'s authorization page' } },
  },
  {
    id: 'callback',
    method: 'GET',
    path: '/auth/callback',
    group: 'session',
    access: 'none',
    summary: 'OAuth callback: checks state, exchanges the code, sets cms_session, redirects to /app.',
    query: CallbackQuerySchema,
    responses: {
      302: { description: 'Signed in; redirect to /app' },
      400: error('Missing or wrong state, or the provider refused the sign-in'),
      502: error('The provider could not be reached'),
    },
  },
  {
    id: 'logout',
    method: 'POST',
    path: '/auth/logout',
    group: 'session',
    access: 'none',
    summary: 'Ends the session server-side and clears the cookie.',
    responses: { 200: { description: 'Signed out', schema: OkSchema } },
  },
  {
    id: 'createToken',
    method: 'POST',
    path: '/api/tokens',
    group: 'tokens',
    access: 'session',
    summary: 'Creates an API token for the signed-in user; the secret appears only in this answer.',
    body: CreateTokenBodySchema,
    responses: {
      201: { description: 'Created; `token` is shown once. `repos` as stored: duplicates (compared case-insensitively) collapsed to the first spelling', schema: ApiTokenCreatedSchema },
      400: error(
        'A field is invalid (the message names it: more than 100 repos, "*" with names, an unknown permission, …), or you already hold 50 active tokens (unexpired, unrevoked): revoke one first',
      ),
      401: error('Not signed in'),
      403: error('Called with an API token, or from another origin'),
    },
  },
  {
    id: 'listTokens',
    method: 'GET',
    path: '/api/tokens',
    group: 'tokens',
    access: 'session',
    summary: "The signed-in user's API tokens, oldest first, never with the secret.",
    responses: {
      200: { description: 'Tokens', schema: z.array(ApiTokenSummarySchema) },
      401: error('Not signed in'),
      403: error('Called with an API token'),
    },
  },
  {
    id: 'deleteToken',
    method: 'DELETE',
    path: '/api/tokens/{tokenId}',
    group: 'tokens',
    access: 'session',
    summary: 'Revokes one of your API tokens; it is refused from the very next request on.',
    responses: {
      200: { description: 'Revoked', schema: OkSchema },
      401: error('Not signed in'),
      403: error('Called with an API token, or from another origin'),
      404: error('No such token among yours'),
    },
  },
  {
    id: 'revokeCurrentToken',
    method: 'DELETE',
    path: '/api/auth/token',
    group: 'tokens',
    access: 'authenticated',
    summary:
      'Revokes the API token the request is sent with (what `cms logout` calls); it is refused from the very next request on. Answers as DELETE /api/tokens/{tokenId} does.',
    responses: {
      200: { description: 'Revoked', schema: OkSchema },
      400: error('Sent with a browser session: this route revokes API tokens only (a session ends with POST /auth/logout)'),
      401: error('No credentials, or the token is invalid, expired or already revoked'),
    },
  },
  {
    id: 'startDevice',
    method: 'POST',
    path: '/auth/device',
    group: 'device',
    access: 'none',
    summary:
      'Starts a device-code sign-in for a command-line tool. No body mints the spec\'s token (every permission, every repository, 90 days); an optional body `{permissions?, repos?, expiresIn?}` asks for less, validated as POST /api/tokens validates (expiresIn at most 90 days).',
    body: DeviceStartBodySchema,
    bodyOptional: true,
    responses: {
      200: { description: 'Show userCode, verificationUri and reviewUri to the user; poll no faster than interval', schema: DeviceCodeSchema },
      400: error('A field of the body is invalid (the message names it): unknown permission, a repository name not owner/repo, "*" with names, more than 100 repositories, expiresIn over 90 days'),
      502: error('The provider could not start the device flow'),
    },
  },
  {
    id: 'reviewDevice',
    method: 'GET',
    path: '/auth/device/review',
    group: 'device',
    access: 'none',
    summary:
      'An HTML page for the person approving a device code: the permissions, repositories and lifetime the token will have, and a link on to the provider\'s verification page. Shows no secret.',
    query: DeviceReviewQuerySchema,
    responses: {
      200: { description: 'The review page (no script; strict Content-Security-Policy)', html: true },
      404: error('No pending sign-in has this code (never issued, or expired)'),
    },
  },
  {
    id: 'pollDevice',
    method: 'POST',
    path: '/auth/device/token',
    group: 'device',
    access: 'none',
    summary:
      'Polls a device code: pending, slow_down, expired, denied, or success with an API token of the scope asked for at start (by default 90 days, all permissions, all repos).',
    body: DeviceTokenBodySchema,
    responses: {
      200: { description: 'The state of the device code', schema: DeviceTokenAnswerSchema },
      400: error('deviceCode missing, or the approving user already holds 50 active API tokens (the code is used up)'),
      502: error('The provider failed'),
    },
  },
  {
    id: 'listHostRepos',
    method: 'GET',
    path: '/api/github/repos',
    group: 'repos',
    access: 'authenticated',
    summary:
      "Repositories the caller reaches through the app's installations (the spec's /api/host/repos, host = github), asked of GitHub with the caller's own token; an API token sees only those in its repo scope.",
    responses: {
      200: { description: 'Repositories, every page', schema: z.array(HostRepoSchema) },
      401: error('Not signed in, or the GitHub sign-in has ended'),
      502: error('GitHub failed'),
    },
  },
  {
    id: 'listRepos',
    method: 'GET',
    path: '/api/repos',
    group: 'repos',
    access: 'repos:read',
    summary:
      "Connected repositories the caller reaches on GitHub (the spec lists every connection; a name is not shown to someone GitHub hides the repository from); an API token sees only those in its scope too. What the caller reaches is cached per user for 5 minutes: within that window a user who lost access may still see a name listed, while every read or write still asks GitHub.",
    responses: {
      200: { description: 'Connections', schema: z.array(RepoConnectionSchema) },
      401: error('Not signed in, or the GitHub sign-in has ended'),
      403: error('The token lacks repos:read'),
    },
  },
  {
    id: 'connectRepo',
    method: 'POST',
    path: '/api/repos',
    group: 'repos',
    access: 'session',
    summary:
      'Connects a repository that carries cms.config.json; needs the app installed and your write access on GitHub. Deliberately unlike the spec (403 when the app is not installed): a repository that does not exist, that you cannot see, or that lacks the app answers one 404 with one text, so the answer never tells whether a private repository exists.',
    body: ConnectRepoBodySchema,
    responses: {
      201: { description: 'Connected', schema: OkSchema },
      400: error('Not of the form owner/repo, or cms.config.json missing or invalid (the message names the first invalid path)'),
      403: error('You see the repository on GitHub but lack write access'),
      404: error('"Repository not found, or you cannot access it, or the app is not installed on it" (the same text for each cause)'),
      409: error('Already connected'),
    },
  },
  {
    id: 'disconnectRepo',
    method: 'DELETE',
    path: '/api/repos/{repo}',
    group: 'repos',
    access: 'session',
    summary:
      'Disconnects a repository (nothing in the repository changes); needs your write access on GitHub. GitHub is asked first: "not connected" is said only to a user who can see the repository.',
    responses: {
      200: { description: 'Disconnected', schema: OkSchema },
      403: error('You see the repository on GitHub but lack write access'),
      404: error('Not connected; or the one "not found, or you cannot access it, or the app is not installed" answer'),
    },
  },
  {
    id: 'getConfig',
    method: 'GET',
    path: '/api/repos/{repo}/config',
    group: 'repos',
    access: 'config:read',
    summary: "The repository's parsed and validated cms.config.json, as it is now on the default branch.",
    responses: {
      200: { description: 'The config', schema: CmsConfigSchema },
      401: error('Missing or invalid authentication'),
      404: error('Not connected, or not visible to you on GitHub'),
      409: error('cms.config.json has been removed or made invalid since the repository was connected'),
    },
  },
  {
    id: 'listContent',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}',
    group: 'content',
    access: 'content:read',
    summary:
      'Every markdown item of the collection directory, with parsed frontmatter (no body). Items live where the collection\'s `path` pattern says (`{slug}.md` by default; `{slug}.mdx`, `{slug}/index.md` page bundles…). A file whose name is not a strict slug (`About-Us.md`, `_index.md`) is listed under an encoded slug starting with `_`. Entries that are not items are counted in the `X-Skipped-Files` header; `GET …/content/{collection}/_skipped` gives their reasons.',
    responses: {
      200: {
        description: 'Items; a file that cannot be edited as fields carries a `problem`',
        schema: z.array(ContentItemSchema),
        headers: { 'X-Skipped-Files': { description: 'How many entries of the collection directory are not listed (their reasons: GET …/content/{collection}/_skipped)', type: 'integer' } },
      },
      404: error('Repository not connected, or collection not found'),
      409: error('cms.config.json has been removed or made invalid since the repository was connected'),
    },
  },
  {
    id: 'listSkippedFiles',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/_skipped',
    group: 'content',
    access: 'content:read',
    summary:
      'An addition to the spec: the entries of the collection directory that the list leaves out, each with its path, a reason code and a message (a folder in a collection of single files, another extension, a name too long to encode…). `_skipped` is never a slug: slugs start with a letter or digit, encoded slugs are never `_` and a strict slug.',
    responses: {
      200: { description: 'Entries not listed, in tree order', schema: z.array(SkippedFileSchema) },
      404: error('Repository not connected, or collection not found'),
      409: error('cms.config.json has been removed or made invalid since the repository was connected'),
    },
  },
  {
    id: 'getContent',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:read',
    summary: 'One item with its body; `branch` reads it from that branch. `branch`/`prNumber` appear when its draft branch has an open pull request.',
    query: GetContentQuerySchema,
    responses: {
      200: { description: 'The item; a file that cannot be edited as fields carries a `problem` and, for frontmatter that cannot be read, `rawFrontmatter`', schema: ContentItemSchema },
      400: error('Invalid slug or branch name'),
      404: error('Item or collection not found'),
      409: error('cms.config.json has been removed or made invalid since the repository was connected'),
    },
  },
  {
    id: 'putContent',
    method: 'PUT',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:write',
    summary:
      'Creates (no sha) or updates (the current sha) an item with one commit; other frontmatter lines stay byte-identical. A save of the bytes already there makes no commit and answers `unchanged: true`.',
    body: PutContentBodySchema,
    responses: {
      200: { description: 'Saved, or unchanged', schema: PutContentResultSchema },
      400: error(
        'Invalid slug, frontmatter (the field is named) or mode for a locked collection; frontmatter over the limits (128 KiB, 4,000 keys and list items); a file with TOML or JSON frontmatter, a binary file or a symbolic link',
      ),
      403: error('The app is not installed, or you lack write access'),
      404: error('Collection not found'),
      409: error('The file changed (or exists, on create): fetch the latest sha and retry'),
    },
  },
  {
    id: 'deleteContent',
    method: 'DELETE',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:delete',
    summary: 'Deletes an item with one commit, guarded by its current sha; `mode=branch` deletes it on its draft branch.',
    query: DeleteContentQuerySchema,
    responses: {
      200: { description: 'Deleted (on the draft branch for `mode=branch`)', schema: DeleteContentResultSchema },
      400: error('sha missing or not a git object id; a mode the collection is not locked to; a symbolic link'),
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
    summary:
      'An addition to the spec: moves an item to the strict slug `to` with one commit that deletes the old path and adds the new one with the same blob (byte-identical; mode kept), guarded by `sha`. `mode` as PUT takes it (`direct` by default; a locked collection takes only its own): `branch` makes the new slug\'s draft `cms/{collection}/{to}` from the default branch with that one commit; its review shows one entry for the new slug with `previousSlug` and `previousPath`, and merge and rebase keep the deletion. In a page-bundle collection only the bundle\'s own file moves. An API token needs both content:write and content:delete.',
    body: RenameContentBodySchema,
    responses: {
      200: { description: 'Renamed (on the new slug\'s draft branch for `mode: branch`)', schema: RenameContentResultSchema },
      400: error('`to` is not a strict slug (the message says why) or is the item\'s own slug; a mode the collection is not locked to; a symbolic link'),
      404: error('Item or collection not found'),
      409: error('`sha` is stale; `to` exists already (an item is never overwritten) or has a draft branch; the item has a draft branch of its own (publish or close that draft first); the default branch moved meanwhile'),
    },
  },
  {
    id: 'duplicateContent',
    method: 'POST',
    path: '/api/repos/{repo}/content/{collection}/{slug}/duplicate',
    group: 'content',
    access: 'content:write',
    summary:
      'An addition to the spec: copies an item\'s file, byte for byte (its blob and mode), to the strict slug `to`, as it is on the default branch: one commit there, or for `mode: branch` a new-item draft `cms/{collection}/{to}` (`mode` as PUT takes it).',
    body: DuplicateContentBodySchema,
    responses: {
      200: { description: 'Copied (on the copy\'s draft branch for `mode: branch`)', schema: DuplicateContentResultSchema },
      400: error('`to` is not a strict slug or is the item\'s own slug; a mode the collection is not locked to; a symbolic link'),
      404: error('Item or collection not found'),
      409: error('`to` exists already, or (for `mode: branch`) has a draft branch; the default branch moved meanwhile'),
    },
  },
  {
    id: 'deleteContentItems',
    method: 'POST',
    path: '/api/repos/{repo}/deletions',
    group: 'content',
    access: 'content:delete',
    summary:
      'An addition to the spec: deletes 1 to 100 distinct items of one collection, each guarded by its current sha (any stale sha answers 409 naming it, and nothing changes). `direct` (the default; `mode` as PUT takes it): one commit on the default branch. `branch`: one draft `cms/{collection}/_deletions` holding every deletion (`_deletions` is never a slug); open its pull request with POST pulls. Such a draft may only delete item files of its collection; its review lists one `deleted` entry per item.',
    body: DeletionsBodySchema,
    responses: {
      200: { description: 'Deleted (on the deletions draft for `mode: branch`)', schema: DeletionsResultSchema },
      400: error('An invalid or repeated slug, no item or more than 100, an invalid collection name, a mode the collection is not locked to, a symbolic link'),
      404: error('Collection or one of the items not found (named; nothing deleted)'),
      409: error('A sha is stale (the item is named; nothing deleted); the collection\'s deletions draft exists already; the default branch moved meanwhile'),
    },
  },
  {
    id: 'listPulls',
    method: 'GET',
    path: '/api/repos/{repo}/pulls',
    group: 'pulls',
    access: 'content:read',
    summary:
      'Open pull requests of CMS drafts (head `cms/*`), every page, with collection, slug and preview URL. A pull request from a fork, or into another branch than the default branch, is never listed, whatever its branch is called.',
    responses: { 200: { description: 'Open drafts', schema: z.array(PullRequestSummarySchema) }, 404: error('Repository not connected') },
  },
  {
    id: 'createPull',
    method: 'POST',
    path: '/api/repos/{repo}/pulls',
    group: 'pulls',
    access: 'content:write',
    summary:
      'Opens a pull request for an existing CMS draft branch into the default branch. `draft: true` (an addition) opens it as a GitHub draft pull request, "In progress" on the board (where the plan has no draft pull requests, as private repositories on GitHub Free, it is opened ready for review instead); without it the pull request is ready for review, as the spec describes.',
    body: CreatePullBodySchema,
    responses: {
      200: { description: 'Opened', schema: CreatePullResultSchema },
      400: error('Not a CMS branch (cms/{collection}/{slug}), empty title, or no changes'),
      404: error('Branch not found'),
      409: error('An open pull request already exists for the branch'),
    },
  },
  {
    id: 'getPull',
    method: 'GET',
    path: '/api/repos/{repo}/pulls/{number}',
    group: 'pulls',
    access: 'content:read',
    summary:
      'One draft pull request; mergeable is null while GitHub computes it. `mergeBlockers` is empty for a genuine draft (a branch of this repository, into the default branch, changing only its own item and adding the media files the item names); otherwise it says why it cannot be published (see MergeBlocker).',
    responses: { 200: { description: 'The pull request', schema: PullRequestDetailSchema }, 404: error('No such pull request, or not a CMS draft') },
  },
  {
    id: 'closePull',
    method: 'DELETE',
    path: '/api/repos/{repo}/pulls/{number}',
    group: 'pulls',
    access: 'content:write',
    summary:
      'Closes the pull request without merging and deletes the draft branch. A pull request that is not a genuine draft (non-empty mergeBlockers) is closed, but no branch is deleted: not a fork\'s, not this repository\'s branch of the same name, not a branch carrying other changes.',
    responses: { 200: { description: 'Closed', schema: OkSchema }, 404: error('No such pull request, or not a CMS draft') },
  },
  {
    id: 'getPullDiff',
    method: 'GET',
    path: '/api/repos/{repo}/pulls/{number}/diff',
    group: 'pulls',
    access: 'content:read',
    summary:
      'Every file changed since the merge base: one ContentDiff per content item (frontmatter field by field, body old and new, `path`), and for any other file an entry with collection and slug \'\', its whole text as body (\'\' when binary) and `file` (status, previousPath, binary).',
    responses: { 200: { description: 'Diffs', schema: z.array(ContentDiffSchema) }, 404: error('No such pull request, or not a CMS draft') },
  },
  {
    id: 'mergePull',
    method: 'PUT',
    path: '/api/repos/{repo}/pulls/{number}/merge',
    group: 'pulls',
    access: 'content:publish',
    summary:
      'Squash merges (guarded by the head sha read just before, with the files checked at that sha) and deletes the branch. Only a genuine draft is merged: its branch is in this repository, it targets the default branch and it changes only its own item (adding media files the item names in its collection\'s media directory is its own too). A GitHub draft pull request ("In progress") is marked ready for review first, since GitHub merges no draft.',
    responses: {
      200: { description: 'Merged', schema: MergeResultSchema },
      404: error('No such pull request, or not a CMS draft'),
      409: {
        description:
          'Not merged: reason "conflicts"; "cross-repository", "base-not-default" or "foreign-files" (not a genuine draft; `error` says why; nothing merged, no branch deleted); or the provider\'s refusal in words (head moved, required checks, closed)',
        schema: MergeConflictSchema,
      },
    },
  },
  {
    id: 'updatePull',
    method: 'PUT',
    path: '/api/repos/{repo}/pulls/{number}/update',
    group: 'pulls',
    access: 'content:write',
    summary: 'Merges the default branch into the draft; content conflicts are resolved field by field where possible.',
    responses: {
      200: { description: 'Up to date', schema: OkSchema },
      404: error('No such pull request, or not a CMS draft'),
      409: {
        description: 'Real conflicts (reason "conflicts"; `fields` names the frontmatter fields, and `body`, in conflict), or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files", with `error`)',
        schema: UpdateConflictSchema,
      },
    },
  },
  {
    id: 'rebasePull',
    method: 'POST',
    path: '/api/repos/{repo}/pulls/{number}/rebase',
    group: 'pulls',
    access: 'content:write',
    summary:
      "Recreates the draft branch from the default branch's head and re-commits the draft's version of its file (or its deletion), by blob and mode: binary files and modes are kept as they are.",
    responses: {
      200: { description: 'Rebased', schema: OkSchema },
      400: error('Not a CMS branch'),
      404: error('No such pull request'),
      409: { description: 'The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files")', schema: RebaseRefusalSchema },
    },
  },
  {
    id: 'markPullReady',
    method: 'POST',
    path: '/api/repos/{repo}/pulls/{number}/ready',
    group: 'pulls',
    access: 'content:write',
    summary:
      'An addition: marks the draft ready for review (GitHub\'s markPullRequestReadyForReview), moving it from "In progress" to "In review" ("Ready to publish" once mergeable). Idempotent: a draft already ready for review is left as it is.',
    responses: {
      200: { description: 'Ready for review (`draft` false)', schema: DraftStateResultSchema },
      404: error('No such pull request, or not a CMS draft'),
      409: { description: 'The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files")', schema: RebaseRefusalSchema },
    },
  },
  {
    id: 'markPullInProgress',
    method: 'DELETE',
    path: '/api/repos/{repo}/pulls/{number}/ready',
    group: 'pulls',
    access: 'content:write',
    summary:
      'An addition: moves the draft back to "In progress" by converting its pull request to a GitHub draft pull request (convertPullRequestToDraft). Idempotent. Publishing (PUT merge) such a draft marks it ready for review first.',
    responses: {
      200: { description: 'In progress again (`draft` true)', schema: DraftStateResultSchema },
      404: error('No such pull request, or not a CMS draft'),
      409: { description: 'The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files")', schema: RebaseRefusalSchema },
    },
  },
  {
    id: 'listComments',
    method: 'GET',
    path: '/api/repos/{repo}/pulls/{number}/comments',
    group: 'pulls',
    access: 'content:read',
    summary: 'Comments on a draft pull request (the spec leaves the permission open: content:read).',
    responses: { 200: { description: 'Comments, oldest first', schema: z.array(PrCommentSchema) }, 404: error('No such pull request, or not a CMS draft') },
  },
  {
    id: 'createComment',
    method: 'POST',
    path: '/api/repos/{repo}/pulls/{number}/comments',
    group: 'pulls',
    access: 'content:write',
    summary: 'Comments on a draft pull request (the spec leaves the permission open: content:write).',
    body: CreateCommentBodySchema,
    responses: { 201: { description: 'The new comment', schema: PrCommentSchema }, 400: error('Empty comment body'), 404: error('No such pull request, or not a CMS draft') },
  },
  ...mediaRoutes,
] as const satisfies readonly RouteDef[];

export type RouteTable = typeof routes;
export type AnyRoute = RouteTable[number];
export type RouteId = AnyRoute['id'];
export type RoutesOfGroup<G extends string> = Extract<AnyRoute, { group: G }>;

/** A group's rows, typed, for its handler. */
export const routesOfGroup = <G extends Group>(group: G): RoutesOfGroup<G>[] => routes.filter((route): route is RoutesOfGroup<G> => route.group === group);
