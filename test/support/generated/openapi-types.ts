/**
 * The API's types as openapi-typescript generates them from the OpenAPI document, with its
 * default options (what a client of the service would generate). Do not edit: `npm run
 * openapi:types` writes it, and test/unit/openapi-types.test.ts fails when it is stale.
 */
export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the service's liveness and readiness
         * @description Liveness and readiness: {"status":"ok","webhookSecret"} when the service is up (webhookSecret: whether GitHub's App deliveries can be verified), {"status":"not_ready","reason"} while a setting is not filled in (the GitHub App secret on AWS).
         *
         *     No authentication: anyone may call this.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get this OpenAPI document
         * @description This API as an OpenAPI 3.1 document (version 1.0.0), generated from the route table.
         *
         *     No authentication: anyone may call this.
         */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open this API's interactive reference
         * @description This API's interactive reference: Swagger UI rendering /api/openapi.json, a page of the editor's build served with the editor's headers. Open it in a browser; it redirects to where the page is.
         *
         *     No authentication: anyone may call this.
         */
        get: operations["getApiDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get who the session belongs to
         * @description Who the session cookie belongs to, if anyone.
         *
         *     No authentication: anyone may call this.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a browser sign-in with GitHub
         * @description Starts sign-in: redirects to the provider with OAuth state and PKCE (S256).
         *
         *     No authentication: anyone may call this.
         */
        get: operations["login"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish a browser sign-in (OAuth callback)
         * @description OAuth callback: checks state, exchanges the code, sets cms_session, redirects to /app.
         *
         *     No authentication: anyone may call this.
         */
        get: operations["callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out the browser session
         * @description Ends the session server-side and clears the cookie.
         *
         *     No authentication: anyone may call this.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your API tokens
         * @description The signed-in user's API tokens, oldest first, never with the secret.
         *
         *     Browser session only (cookie `cms_session`); an API token is refused with 403.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Create an API token
         * @description Creates an API token for the signed-in user; the secret appears only in this answer.
         *
         *     Browser session only (cookie `cms_session`); an API token is refused with 403.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of your API tokens
         * @description Revokes one of your API tokens; it is refused from the very next request on.
         *
         *     Browser session only (cookie `cms_session`); an API token is refused with 403.
         */
        delete: operations["deleteToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke the API token this request is sent with
         * @description Revokes the API token the request is sent with (what `cms logout` calls); it is refused from the very next request on. Answers as DELETE /api/tokens/{tokenId} does.
         *
         *     Any signed-in caller: a browser session or an API token with any permissions.
         */
        delete: operations["revokeCurrentToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a device-code sign-in for a command-line tool
         * @description Starts a device-code sign-in for a command-line tool. No body mints the spec's token (every permission, every repository, 90 days); an optional body `{permissions?, repos?, expiresIn?}` asks for less, validated as POST /api/tokens validates (expiresIn at most 90 days).
         *
         *     No authentication: anyone may call this.
         */
        post: operations["startDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/device/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a device code's review page
         * @description An HTML page for the person approving a device code: the permissions, repositories and lifetime the token will have, and a link on to the provider's verification page. Shows no secret.
         *
         *     No authentication: anyone may call this.
         */
        get: operations["reviewDevice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/device/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Poll a device code for its API token
         * @description Polls a device code: pending, slow_down, expired, denied, or success with an API token of the scope asked for at start (by default 90 days, all permissions, all repos).
         *
         *     No authentication: anyone may call this.
         */
        post: operations["pollDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/github/repos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the repositories the GitHub App reaches for you
         * @description Repositories the caller reaches through the app's installations (the spec's /api/host/repos, host = github), asked of GitHub with the caller's own token; an API token sees only those in its repo scope.
         *
         *     Any signed-in caller: a browser session or an API token with any permissions.
         */
        get: operations["listHostRepos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connected repositories
         * @description Connected repositories the caller reaches on GitHub (the spec lists every connection; a name is not shown to someone GitHub hides the repository from); an API token sees only those in its scope too. What the caller reaches is cached per user for 5 minutes: within that window a user who lost access may still see a name listed, while every read or write still asks GitHub.
         *
         *     Requires the `repos:read` permission: a browser session (sessions bypass permission checks), or an API token holding `repos:read`.
         */
        get: operations["listRepos"];
        put?: never;
        /**
         * Connect a repository
         * @description Connects a repository that carries cms.config.json; needs the app installed and your write access on GitHub. Deliberately unlike the spec (403 when the app is not installed): a repository that does not exist, that you cannot see, or that lacks the app answers one 404 with one text, so the answer never tells whether a private repository exists.
         *
         *     Browser session only (cookie `cms_session`); an API token is refused with 403.
         */
        post: operations["connectRepo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disconnect a repository
         * @description Disconnects a repository (nothing in the repository changes); needs your write access on GitHub. GitHub is asked first: "not connected" is said only to a user who can see the repository.
         *
         *     Browser session only (cookie `cms_session`); an API token is refused with 403.
         */
        delete: operations["disconnectRepo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a repository's cms.config.json
         * @description The repository's parsed and validated cms.config.json, as it is now on the default branch. A collection with a problem of its own is left out of `collections` and named in `problems` with its problem; the other collections work.
         *
         *     Requires the `config:read` permission: a browser session (sessions bypass permission checks), or an API token holding `config:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a collection's items
         * @description Every markdown item of the collection directory, with parsed frontmatter (no body). Items live where the collection's `path` pattern says (`{slug}.md` by default; `{slug}.mdx`, `{slug}/index.md` page bundles…), or any of its patterns when `path` lists several; two files giving one slug are both left out as `duplicate-slug`. A file whose name is not a strict slug (`About-Us.md`, `_index.md`) is listed under an encoded slug starting with `_`. Entries that are not items are counted in the `X-Skipped-Files` header; `GET …/content/{collection}/_skipped` gives their reasons.
         *
         *     An addition to the spec: pages. Without any of `limit`, `cursor`, `sort`, `order`, `q` the answer is the whole array in path order, as the spec says, while it fits one answer (6 MB, compressed as `Accept-Encoding` allows); a larger one answers 400 naming `limit` and `cursor`. With any of them it is one page of `limit` items (100 by default, at most 1,000): the next page's URL is in `Link: <…>; rel="next"` (absent on the last page) and the number of matching items in `X-Total-Count`. `sort`: `path` (default), `slug`, or a top-level field declared `date`, `datetime` (by instant) or `string` (case-insensitive); `order`: `asc` (default) or `desc`; items without a value come last in both orders, equal values in path order. `q` (1 to 200 characters) keeps items whose slug or `title` contains it, case-insensitively (NFC, lower case). A cursor works only with the sort, order and q it was made with; after the collection changes, the next page continues after the last item shown.
         *
         *     An addition: a translated collection (one with `i18n`) lists its default locale's items; `locale` lists another locale's (its folder, or its suffixed files). A locale's folder inside the default's is never listed nor counted as skipped. A list with `locale` is read from GitHub and listed whole, without the collection index.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/_skipped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files a collection's list leaves out
         * @description An addition to the spec: the entries of the collection directory that the list leaves out, each with its path, a reason code and a message (a folder in a collection of single files, another extension, a name too long to encode…). `_skipped` is never a slug: slugs start with a letter or digit, encoded slugs are never `_` and a strict slug.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listSkippedFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/_translations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Report a translated collection's current, outdated and missing items
         * @description An addition for a translated collection (one with `i18n` in cms.config.json): for each locale other than the default, how many of the default locale's items are `current`, `outdated` (the default locale's file changed after the translation's last change, by git history on the default branch) or `missing` (no file in that locale), and the slugs of the outdated and missing ones (at most 1,000 each; the counts are whole). One GitHub round trip reads the config and every locale's directory; the statuses not yet known are read from git history, 100 questions per GraphQL round trip, and kept by blob pair as each round trip is answered, so a report of files already seen costs that one read. A request stops asking history after 10 s of work and answers what it knows: `complete: false`, with `pending` statuses counted in no column; ask again and it continues where it stopped (a cold report of a large collection takes several requests, none near the 29 s limit). `_translations` is never a slug.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["getTranslationReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an item with its body
         * @description One item with its body; `branch` reads it from that branch. `branch`/`prNumber` appear when its draft branch has an open pull request. `path` names its file: in a collection of several `path` patterns, the one of them the item is (found in the same single read). An addition: `ref` reads the item as it was in a version (a commit sha from `GET …/{slug}/history`, or a branch), in the same shape; `sha` is then that version's blob. An addition: in a translated collection (one with `i18n`), `locale` reads that locale's file of the item, and the answer names its `locale` and, in `translations`, every locale's file on the default branch with its status (`current`, `outdated`, `missing`): no round trip of its own when the statuses are known (kept by blob pair), at most two of git history otherwise.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["getContent"];
        /**
         * Create or update an item
         * @description Creates (no sha) or updates (the current sha) an item with one commit; other frontmatter lines stay byte-identical. A save of the bytes already there makes no commit and answers `unchanged: true`. An addition: in a translated collection, `locale` saves that locale's file of the item (the default locale's when absent); a save that changes a field marked `"i18n": "shared"` answers `sharedChanges` (the other locales whose file holds another value), and `applyShared: true` writes the shared fields into those files in the same commit.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        put: operations["putContent"];
        post?: never;
        /**
         * Delete an item
         * @description Deletes an item with one commit, guarded by its current sha; `mode=branch` deletes it on its draft branch. An addition: in a translated collection, `locale` deletes that locale's file alone (the default locale's when absent).
         *
         *     Requires the `content:delete` permission: a browser session (sessions bypass permission checks), or an API token holding `content:delete` whose repository scope includes `{repo}` (else 403).
         */
        delete: operations["deleteContent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/{slug}/rename": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rename an item (move it to another slug)
         * @description An addition to the spec: moves an item to the strict slug `to` with one commit that deletes the old path and adds the new one with the same blob (byte-identical; mode kept), guarded by `sha`. `mode` as PUT takes it (`direct` by default; a locked collection takes only its own): `branch` makes the new slug's draft `cms/{collection}/{to}` from the default branch with that one commit; its review shows one entry for the new slug with `previousSlug` and `previousPath`, and merge and rebase keep the deletion. A page bundle moves as a folder: every file of `{slug}/` (images, data, one level of subfolders) moves to `{to}/` in the same commit, the same blobs and modes, so the item's relative links keep working. In a translated collection the item is renamed in every locale where it has a file, in the same commit, and the answer lists each locale's move (`moved`); no `locale` is taken. `set: name` renames it in that change set instead (one commit on `cms/_sets/{name}`, the set's copies moved; one item of the set, shown as a rename in its diff), with the rules of a save into a set. An API token needs both content:write and content:delete.
         *
         *     Requires the `content:write` and `content:delete` permissions: a browser session (sessions bypass permission checks), or an API token holding both `content:write` and `content:delete` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["renameContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/{slug}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate an item under another slug
         * @description An addition to the spec: copies an item's file, byte for byte (its blob and mode), to the strict slug `to`, as it is on the default branch: one commit there, or for `mode: branch` a new-item draft `cms/{collection}/{to}` (`mode` as PUT takes it). `set: name` copies the item as that change set has it into the set, as a new item of it (one commit on `cms/_sets/{name}`), with the rules of a save into a set.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["duplicateContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/{slug}/translations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an item's translation from its default locale's file
         * @description An addition for a translated collection (one with `i18n`): creates the item's file in `locale` from its default locale's file, with one commit (`mode` as PUT takes it; `branch` saves it on the draft `cms/{collection}/{slug}`). The new file keeps the default file's bytes but for its `translate` fields, which are left out, except a required one, copied so the item stays valid and named in `placeholders`; `duplicate` and `shared` fields, keys the collection does not declare, and the body are copied (a translator rewrites them in place). It takes the default file's pattern in the locale's place (`{slug}/index.fr.md` beside `{slug}/index.md`). The answer is the new translation as `GET …/{slug}?locale=` gives it, with `placeholders`.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["createTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/deletions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete several items of a collection at once
         * @description An addition to the spec: deletes 1 to 100 distinct items of one collection, each guarded by its current sha (any stale sha answers 409 naming it, and nothing changes). `direct` (the default; `mode` as PUT takes it): one commit on the default branch. `branch`: one draft `cms/{collection}/_deletions` holding every deletion (`_deletions` is never a slug); open its pull request with POST pulls. Such a draft may only delete item files of its collection; its review lists one `deleted` entry per item.
         *
         *     Requires the `content:delete` permission: a browser session (sessions bypass permission checks), or an API token holding `content:delete` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["deleteContentItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/presence/{collection}/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Say you have an item open, and see who else has
         * @description An addition to the spec: a heartbeat of an open editor, sent when the item opens and every `heartbeatSeconds` (30) while it stays open and visible. It names the version being edited (`sha`, and `branch` when it was read from a draft branch) and answers everyone else with the item open, and whether the item's file on the default branch is still that version: `changed` means someone saved a newer one, so a save from this version will need merging. Without another heartbeat the caller drops out after `expiresInSeconds` (90). Heartbeats are not recorded in the activity log. Presence is soft: it never locks an item or refuses a save, and it needs the same access as reading the items (`content:read`, and read access to the repository on GitHub), so a token scoped to other repositories sees none.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        put: operations["beatPresence"];
        post?: never;
        /**
         * Say you closed an item
         * @description An addition to the spec: the caller no longer has the item open, so others stop seeing them at once instead of after the heartbeat expires. Answers 200 whether or not a heartbeat was recorded. Presence is soft: it never locks an item or refuses a save, and it needs the same access as reading the items (`content:read`, and read access to the repository on GitHub), so a token scoped to other repositories sees none.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        delete: operations["leavePresence"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/presence/{collection}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List who has a collection's items open
         * @description An addition to the spec: everyone else with one of the collection's items open (a heartbeat within the last 90 seconds), for the collection's list. Presence is soft: it never locks an item or refuses a save, and it needs the same access as reading the items (`content:read`, and read access to the repository on GitHub), so a token scoped to other repositories sees none.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listPresence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List open change requests (pull requests of cms/* branches)
         * @description Open pull requests of CMS drafts (head `cms/*`), every page, with collection, slug and preview URL. A pull request from a fork, or into another branch than the default branch, is never listed, whatever its branch is called.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listPulls"];
        put?: never;
        /**
         * Open a change request (a pull request) for a cms/* branch
         * @description Opens a pull request for an existing CMS draft branch into the default branch. `draft: true` (an addition) opens it as a GitHub draft pull request, "In progress" on the board (where the plan has no draft pull requests, as private repositories on GitHub Free, it is opened ready for review instead); without it the pull request is ready for review, as the spec describes.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["createPull"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a change request
         * @description One draft pull request; mergeable is null while GitHub computes it. `mergeBlockers` is empty for a genuine draft (a branch of this repository, into the default branch, changing only its own item and adding the media files the item references, every one a regular file and the media passing the upload rules, read at the head sha); otherwise it says why it cannot be published (see MergeBlocker).
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["getPull"];
        put?: never;
        post?: never;
        /**
         * Close a change request without publishing it
         * @description Closes the pull request without merging and deletes the draft branch, only while it still holds the head read for the close: a save that landed on it meanwhile keeps it, a draft pull request is opened for that save and `keptBranch` (an addition) says so. A pull request that is not a genuine draft (non-empty mergeBlockers) is closed, but no branch is deleted: not a fork's, not this repository's branch of the same name, not a branch carrying other changes.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        delete: operations["closePull"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the check runs on a change request's head, with their reports
         * @description An addition: the newest check run of each name on the draft's head commit (the service's own `CMS content` among them, once its App runs), with its state, title, summary and first 50 annotations, read from GitHub with the caller's own token. An annotation of an item's file names the item and, read at the head, the frontmatter field its line falls on (or `inBody`), as the field-by-field diff shows it. Commit statuses carry no report: the detail's `review.checks` lists them. Round trips: the pull request, the runs, one per run with annotations, and one for the annotated items' files.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["getPullChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a change request's changes, field by field
         * @description Every file changed since the merge base: one ContentDiff per content item (frontmatter field by field, body old and new, `path`), and for any other file an entry with collection and slug '', its whole text as body ('' when binary) and `file` (status, previousPath, binary).
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["getPullDiff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Publish a change request (squash merge)
         * @description Squash merges (guarded by the head sha read just before, with the files checked at that sha: a save that lands before the merge answers 409) and deletes the branch, only while it still holds the head that was merged: a save that landed on it after the merge keeps it (carried onto the published commit, so its review shows only that save), a draft pull request is opened for that save, and `keptBranch` (an addition) says so. Only a genuine draft is merged: its branch is in this repository, it targets the default branch and it changes only its own item (adding media files the item names in its collection's media directory is its own too). A GitHub draft pull request ("In progress") is marked ready for review first, since GitHub merges no draft.
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403).
         */
        put: operations["mergePull"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a change request with the default branch
         * @description Merges the default branch into the draft; content conflicts are resolved field by field where possible.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        put: operations["updatePull"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/rebase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rebase a change request onto the default branch
         * @description Recreates the draft branch from the default branch's head and re-commits the draft's version of its file (or its deletion), by blob and mode: binary files and modes are kept as they are.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["rebasePull"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a change request ready for review
         * @description An addition: marks the draft ready for review (GitHub's markPullRequestReadyForReview), moving it from "In progress" to "In review" ("Ready to publish" once mergeable). Idempotent: a draft already ready for review is left as it is.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["markPullReady"];
        /**
         * Move a change request back to in progress
         * @description An addition: moves the draft back to "In progress" by converting its pull request to a GitHub draft pull request (convertPullRequestToDraft). Idempotent. Publishing (PUT merge) such a draft marks it ready for review first.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        delete: operations["markPullInProgress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a change request's comments
         * @description Comments on a draft pull request (the spec leaves the permission open: content:read).
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listComments"];
        put?: never;
        /**
         * Comment on a change request
         * @description Comments on a draft pull request (the spec leaves the permission open: content:write).
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["createComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Review a change request: approve, request changes or comment
         * @description An addition: a GitHub review of the draft, as the signed-in person: `APPROVE`, `REQUEST_CHANGES` or `COMMENT` (those two need a `body`). Branch protection counts approvals from people with write access; GitHub refuses approving one's own pull request (400 with its reason). API tokens cannot review (403): approving is a person's act. The draft's detail then shows it under `review`.
         *
         *     Browser session only (cookie `cms_session`); an API token is refused with 403.
         */
        post: operations["createReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/pulls/{number}/reviewers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request reviewers for a change request
         * @description An addition: asks GitHub users (logins) to review the draft; GitHub notifies them. Answers who is requested now.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["requestReviewers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a media directory's files
         * @description An addition to the spec: one page of the files directly inside a media directory (cms.config.json `media`; a collection's own with `collection`), sorted by name, each with its path, the public path an image field stores, size, type (guessed from the extension) and blob sha. One provider round trip per page; `ref` lists a draft branch. A directory not created yet lists empty.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listMedia"];
        put?: never;
        /**
         * Commit an uploaded media file
         * @description An addition to the spec: commits an upload's bytes to the media directory (the collection's own, else the repository's) as one commit on the default branch, or on the item's draft branch `cms/{collection}/{slug}` with `draft` (created from the default branch when missing, like a branch save). The type is read from the bytes (magic numbers; SVG by its text) and must match the name's extension. An SVG is parsed as XML (strict, namespace-aware, entities decoded) and accepted only as plain drawing: elements and attributes on an allowlist by namespace URI; no script or foreignObject under any prefix, event handler, DOCTYPE with declarations, processing instruction, or reference outside the file in href, style or CSS (`#id` only, and raster images as data: URLs); the 400 names the first thing refused and its line. Media a draft adds on its branch by other means pass the same rules before the draft can be published. `set: name` commits to that change set's branch `cms/_sets/{name}` instead (it must exist and be open, with room), and the set is published with the file only once one of its items references it. An existing name is never overwritten: 409 names it, unless `replace.sha` is its current sha.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["commitMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/media/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a media upload (get a signed upload URL)
         * @description An addition to the spec: the first step of an upload. Checks the name (slugged as the commit will: `My Photo.JPG` → `my-photo.jpg`; accepted extensions png, jpg, jpeg, gif, webp, avif, svg, pdf, mp4, m4v, webm) and the size (1 byte to 25 MiB), and answers a ticket: PUT exactly `size` bytes to `url` with `headers` before `expiresAt` (15 minutes), then POST …/media with the `uploadId`. The bytes never pass through the API itself. `set` (an addition) checks now that the change set exists, so no bytes are sent for one that is not there; the commit's own `set` decides where the file lands.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["beginMediaUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/media/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a media file's bytes
         * @description An addition to the spec: a media file's bytes, read with your access (so a private repository's images show in the editor), from the default branch or `ref`. Only files inside a configured media directory are served. Up to 4 MiB inline: Content-Type from the bytes, `X-Content-Type-Options: nosniff`, `Content-Security-Policy: default-src 'none'; sandbox`, `Content-Disposition` inline for raster images, PDF and video and attachment for SVG and anything else, `Cache-Control: private, max-age=300`, ETag the blob sha (304 on If-None-Match). Larger files: 302 to a signed URL valid 5 minutes.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["getMediaFile"];
        put?: never;
        post?: never;
        /**
         * Delete a media file
         * @description An addition to the spec: deletes a media file with one commit, guarded by its sha, on the default branch or on an existing draft branch (`ref`).
         *
         *     Requires the `content:delete` permission: a browser session (sessions bypass permission checks), or an API token holding `content:delete` whose repository scope includes `{repo}` (else 403).
         */
        delete: operations["deleteMediaFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a repository's schedules
         * @description An addition to the spec: the repository's schedules, soonest first: pending ones, and those that ran, failed, ended or were cancelled in the last 90 days, each with who set it and, once finished, the commit it made or why it failed or ended.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listSchedules"];
        put?: never;
        /**
         * Schedule publishing a change request or unpublishing an item
         * @description An addition to the spec: publishes a draft pull request (`action: publish`, squash-merged as Publish does) or unpublishes an item of the default branch (`action: unpublish`, `mode: delete` removes the file, `draft` sets `draft: true`) at `at`, from one minute to 366 days ahead. What the run needs is checked now with your access: an open, genuine draft with no other pending publish, or an existing item. It runs with your access at that time (your GitHub grant; for an API token, only while the token is valid). A pull request merged or closed meanwhile ends the schedule; a refusal then (conflicts, branch protection, revoked access) fails it with the reason, recorded here and commented on the pull request.
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403). On GitHub, the caller (for an API token: the user who created it) needs write, maintain or admin permission on `{repo}`, else 403 naming the role they have.
         */
        post: operations["createSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/schedules/{scheduleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a pending schedule
         * @description An addition to the spec: moves a pending schedule to `at`. Only the person who set it (`createdBy`; it then runs with the credential they moved it with) or an admin of the repository on GitHub (it stays the setter's, run with their access) may move it.
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403). On GitHub, the caller (for an API token: the user who created it) needs write permission on `{repo}` and to be the person who set the record, or admin permission; else 403 naming the setter and the role the caller has.
         */
        put: operations["reschedule"];
        post?: never;
        /**
         * Cancel a pending schedule
         * @description An addition to the spec: cancels a pending schedule; it stays listed as cancelled. Only the person who set it (`createdBy`) or an admin of the repository on GitHub may cancel it.
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403). On GitHub, the caller (for an API token: the user who created it) needs write permission on `{repo}` and to be the person who set the record, or admin permission; else 403 naming the setter and the role the caller has.
         */
        delete: operations["cancelSchedule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List what was done to a repository
         * @description An addition to the spec: what was done to the repository through the service, newest first, one page at a time: every write (save, delete, rename, pull request open, merge, update, rebase, close, comment, schedule, media upload, …) whatever its outcome, with who (login, and the API token id or the session), when, what it named and what it made. Records are append-only and kept for the deployment's retention (365 days unless configured). Needs read access to the repository on GitHub.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listRepoActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your own actions
         * @description An addition to the spec: the caller's own actions through the service, in every repository and outside them (tokens, connections), newest first. An API token sees only its user's records in the repositories its scope names (a page may then hold fewer records than `limit`).
         *
         *     Any signed-in caller: a browser session or an API token with any permissions.
         */
        get: operations["listMyActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a repository's webhooks
         * @description An addition to the spec: the repository's webhook subscriptions (never their secrets), and `githubPushes`: when GitHub last delivered a push for the repository and whether lists answer from the service's records between pushes. Needs admin or maintain permission on the repository on GitHub (an API token: content:publish, and its creator's role).
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403). On GitHub, the caller (for an API token: the user who created it) needs admin or maintain permission on `{repo}`, else 403 naming the role they have.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description An addition to the spec: subscribes a URL to events of the repository. Each successful write of those events is POSTed there as JSON, signed: `X-CMS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with `X-CMS-Event` and `X-CMS-Delivery` (the delivery id); receivers refuse a timestamp more than 300 s off. A non-2xx answer (redirects are not followed) or no answer within 5 s is retried after 1 s, 5 s, 30 s, 2 min and 10 min, then the delivery is dead. The URL must be https and its host must resolve to public addresses only (checked now and at each delivery), unless the deployment allows private ones. The secret is in this answer only. At most 10 per repository. Needs admin or maintain permission on the repository on GitHub (an API token: content:publish, and its creator's role).
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403). On GitHub, the caller (for an API token: the user who created it) needs admin or maintain permission on `{repo}`, else 403 naming the role they have.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/webhooks/{hookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description An addition to the spec: removes a subscription; queued deliveries to it are dropped. Needs admin or maintain permission on the repository on GitHub (an API token: content:publish, and its creator's role).
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403). On GitHub, the caller (for an API token: the user who created it) needs admin or maintain permission on `{repo}`, else 403 naming the role they have.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/webhooks/{hookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery to a webhook
         * @description An addition to the spec: sends a `ping` event to the subscription now, once (no retries), signed as every delivery, and answers with the delivery as logged: the receiver's status and the start of its answer (withheld as the deliveries list says), or why none came. Needs admin or maintain permission on the repository on GitHub (an API token: content:publish, and its creator's role).
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403). On GitHub, the caller (for an API token: the user who created it) needs admin or maintain permission on `{repo}`, else 403 naming the role they have.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/webhooks/{hookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's recent deliveries
         * @description An addition to the spec: the subscription's last 20 deliveries, newest first, each with its state (pending, retrying, delivered, dead), attempts, and its last attempt's status code, answer (at most 1 KB), error and duration. Kept 30 days. A receiver's answer is shown only to admins of the repository, and never from a private address (one the deployment allows although private, such as loopback in local mode): `responseBodyWithheld` then says why it is absent. Needs admin or maintain permission on the repository on GitHub (an API token: content:publish, and its creator's role).
         *
         *     Requires the `content:publish` permission: a browser session (sessions bypass permission checks), or an API token holding `content:publish` whose repository scope includes `{repo}` (else 403). On GitHub, the caller (for an API token: the user who created it) needs admin or maintain permission on `{repo}`, else 403 naming the role they have.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/github/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a GitHub App webhook delivery
         * @description An addition to the spec: where the GitHub App delivers its webhook events (the App's Webhook URL; docs/deploy-aws.md). Each delivery must carry `X-Hub-Signature-256` over its exact bytes under the App's webhook secret, `X-GitHub-Event` and `X-GitHub-Delivery`; each delivery id is applied once. A `push` to a connected repository's default branch records its new head, so lists answer from the table with no GitHub request while nothing changes; member, team, repository and installation events make every user's next list ask GitHub again. `pull_request` (`opened`, `synchronize`, `reopened`) and `check_suite` (`rerequested`) of a connected repository queue the content check of the pull request's head, run after the answer: the App reports it as the `CMS content` check run, with annotations on the lines of the files it changes (docs/your-own-site.md); `check_suite` `requested` is `ignored` (the same push sends `synchronize`). A list trusts what it recorded for at most 5 minutes without a new confirmation (the bound on staleness when a delivery is lost).
         *
         *     No authentication: anyone may call this.
         */
        post: operations["receiveGitHubEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/{slug}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an item's versions: who changed it, when and why
         * @description An addition to the spec: the commits that changed the item's file, newest first, `limit` per page (30 by default, at most 100), each with its author (GitHub login and name), date, message, the item's slug and path in that version, and, when it came through the CMS, what the CMS did and for whom (`cms`) and the change request it was published by (`changeRequest`). One GitHub round trip per page. The history follows renames: the CMS's own at no cost, others (a file added with the very bytes another item's file lost in the same commit) for one more round trip at the end of each name's history; a page may then hold fewer versions than `limit`. Pages are pinned to the commit the first page started from: versions committed meanwhile appear on a new first page. A page-bundle item's history is its bundle file's. `branch` reads the history on that branch (a draft's). An addition, in a translated collection: `locale` follows that locale's file of the item (the default locale's when absent).
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["getContentHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/{slug}/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compare two versions of an item, field by field
         * @description An addition to the spec: the item in version `from` against version `to` (the default branch when absent), as a review shows a draft: frontmatter field by field (nested values included) and the body as old and new text. Versions are full commit shas (from the history) or branch names. One GitHub round trip. A side where the item did not exist makes `type` `added` or `deleted`. An addition, in a translated collection: `locale` compares that locale's file (the default locale's when absent).
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["compareContentVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/{slug}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore an earlier version of an item, as a new commit or a draft
         * @description An addition to the spec: writes the item's file as it was in commit `version`, byte for byte, as one new commit (the history keeps every version in between); no other file changes. Guarded by `sha`, the item's current blob sha, as a save is (absent: the item must not exist now, and the restore creates it again). `mode` as PUT takes it; absent, the collection's workflow decides (`pr`: the item's draft branch `cms/{collection}/{slug}`, published through its change request); a direct restore that meets a default branch kept to pull requests is saved as a draft instead (`protectedBranch`), as a save is. A version identical to the current file makes no commit and answers `unchanged: true`. The restored bytes are not checked against today's fields (they are a version the repository held); the editor shows any problem when the item opens. The item must have had today's slug in that version: for an older name, restore under that slug's history. An addition, in a translated collection: `locale` restores that locale's file (the default locale's when absent), and no other locale's.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["restoreContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/content/{collection}/{slug}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo what one version changed in an item, as a change request
         * @description An addition to the spec, to undo a publish: opens a change request that reverts exactly what commit `version` changed in the item's file (a published change request's commit, from the item's history, or any version that changed it), on the item's draft branch `cms/{collection}/{slug}`. Three-way, field by field and the body line by line: later edits to other fields or lines stay. Refused with 409 when later edits changed what the version changed (the fields are named; nothing is made), or when the item has a draft already (publish or close it first). A version that created or deleted the item is a 400 (delete the item, or restore a version, instead). An item that holds none of the version's changes any more answers `unchanged: true` and makes nothing. Only the item's file changes (in a translated collection, the file of `locale`, the default locale's when absent): media files the version added stay. Needs content:write, as opening a change request does; publishing it is a publish like any other.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["revertContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/sets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List open change sets with the items each holds
         * @description An addition: open pull requests of `cms/_sets/*` branches of this repository into the default branch (also listed by GET pulls, with `set`), each with the items it edits, creates, renames or deletes. One GitHub round trip.
         *
         *     Requires the `content:read` permission: a browser session (sessions bypass permission checks), or an API token holding `content:read` whose repository scope includes `{repo}` (else 403).
         */
        get: operations["listSets"];
        put?: never;
        /**
         * Start a change set: several items in one review, published together
         * @description An addition: creates the branch `cms/_sets/{name}` from the default branch's head (with one empty commit, since GitHub opens no pull request without one) and its pull request, in progress. Save, delete and rename items of any collections into it with `set: name`; read, diff, comment, update, rebase, publish (one squash merge) and close it with the pulls routes and its `number`. A set holds at most 100 items; an item is in one set or one draft at a time.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        post: operations["createSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repos/{repo}/sets/{name}/items/{collection}/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Take an item out of a change set
         * @description An addition: each of the item's files the set changes (both paths of a rename) goes back, on the set's branch, to the version of the set's merge base with the default branch (or away when it had none), in one commit. The item may then be saved as its own draft or into another set. Media files the set added for the item stay on the set's branch: remove the item's references and they count as foreign files (delete them on GitHub), or keep them referenced by another item.
         *
         *     Requires the `content:write` permission: a browser session (sessions bypass permission checks), or an API token holding `content:write` whose repository scope includes `{repo}` (else 403).
         */
        delete: operations["removeSetItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "tokenId": "AAAAAAAAAAAAAAAAAAAAAA",
         *       "name": "CI deploy previews",
         *       "repos": [
         *         "demo/blog"
         *       ],
         *       "permissions": [
         *         "content:read",
         *         "content:write"
         *       ],
         *       "createdAt": "2025-01-01T09:30:00.000Z",
         *       "expiresAt": "2025-04-01T09:30:00.000Z",
         *       "lastUsedAt": null,
         *       "token": "cms_AAAAAAAAAAAAAAAAAAAAAA.bm90LWEtcmVhbC1zaWduYXR1cmUtanVzdC1hbi1leGFtcGxl"
         *     }
         */
        ApiTokenCreated: {
            /** @description The token's id: the part between `cms_` and the dot; DELETE /api/tokens/{tokenId} revokes it */
            tokenId: string;
            /** @description What the token is for */
            name: string;
            /** @description The repositories it may reach (`owner/repo`), or `["*"]` for all */
            repos: string[];
            /** @description What it may do */
            permissions: components["schemas"]["Permission"][];
            /** @description When it was created (ISO 8601) */
            createdAt: string;
            /** @description When it expires (ISO 8601); null: never */
            expiresAt?: string | null;
            /** @description When it was last used (ISO 8601, to the minute); null: never */
            lastUsedAt?: string | null;
            /** @description The secret: send it as `Authorization: Bearer <token>`; shown in this answer only */
            token: string;
        };
        /**
         * @example {
         *       "tokenId": "AAAAAAAAAAAAAAAAAAAAAA",
         *       "name": "CI deploy previews",
         *       "repos": [
         *         "demo/blog"
         *       ],
         *       "permissions": [
         *         "content:read",
         *         "content:write"
         *       ],
         *       "createdAt": "2025-01-01T09:30:00.000Z",
         *       "expiresAt": "2025-04-01T09:30:00.000Z",
         *       "lastUsedAt": null
         *     }
         */
        ApiTokenSummary: {
            /** @description The token's id: the part between `cms_` and the dot; DELETE /api/tokens/{tokenId} revokes it */
            tokenId: string;
            /** @description What the token is for */
            name: string;
            /** @description The repositories it may reach (`owner/repo`), or `["*"]` for all */
            repos: string[];
            /** @description What it may do */
            permissions: components["schemas"]["Permission"][];
            /** @description When it was created (ISO 8601) */
            createdAt: string;
            /** @description When it expires (ISO 8601); null: never */
            expiresAt?: string | null;
            /** @description When it was last used (ISO 8601, to the minute); null: never */
            lastUsedAt?: string | null;
        };
        /** @description A changed file that is not a content item (listed so a reviewer sees every change): the provider's status, the old path of a rename, and whether it is binary. */
        ChangedFile: {
            /**
             * @description What happened to the file, as the provider reports it
             * @enum {string}
             */
            status: "added" | "modified" | "removed" | "renamed";
            /** @description The old path of a renamed file */
            previousPath?: string;
            /** @description True when either side is binary: `body` is then '' on that side */
            binary?: boolean;
        };
        /** @description A collection. `path` (an addition to the spec, optional) says where an item lives inside `directory`: `{slug}.md` (the default), `{slug}.mdx`, `{slug}.markdown`, or a page bundle such as `{slug}/index.md` (one folder per item). It holds `{slug}` exactly once, is relative, has no `.`, `..` or empty segments and no `\`, and ends in .md, .mdx or .markdown; fixed folders belong in `directory`. */
        CollectionConfig: {
            /** @description The name the editor shows */
            label: string;
            /** @description The directory in the repository that holds the items, e.g. content/posts */
            directory: string;
            /** @description Where an item lives inside `directory` (an addition): `{slug}.md` by default, `{slug}.mdx`, `{slug}/index.md`…; or a list of 1 to 8 such patterns, for a directory mixing layouts (an item is a file of any of them; new items take the first unless created with another; two files giving one slug are listed as `duplicate-slug` and refused with 409 until one is renamed or deleted) */
            path?: string | string[];
            /**
             * @description The frontmatter new items are written in (an addition): `yaml` (`---`, the default), `toml` (`+++`, Hugo and Zola) or `json`. Existing files always keep the format they have; `cms init` sets this when most of a collection's files use TOML or JSON
             * @enum {string}
             */
            format?: "yaml" | "toml" | "json";
            fields: components["schemas"]["FieldList"];
            /** @description How saves are made: straight to the default branch or as drafts */
            workflow?: {
                /**
                 * @description `pr`: saves go to a draft branch and a pull request; `direct`: commits to the default branch
                 * @enum {string}
                 */
                default: "pr" | "direct";
                /** @description When true, the API refuses saves in the other mode (400) */
                locked?: boolean;
            };
            /** @description Overrides the repository's `media` for this collection's uploads */
            media?: {
                /** @description The directory in the repository uploads go to, e.g. static/images */
                directory: string;
                /** @description Where the site serves that directory, e.g. /images: an image field stores this, "/" and the file name */
                publicPath: string;
            };
            /**
             * @description The collection is translated (an addition): how its locales are laid out; without it, the collection has one locale and every answer about it is unchanged
             * @example {
             *       "structure": "directories",
             *       "directory": "docs/src/content/docs/{locale}/guides"
             *     }
             */
            i18n?: {
                /**
                 * @description `directories`: the collection's `directory` holds the default locale, `directory` here every other; `suffix`: one directory, `{slug}.fr.md` (Hugo)
                 * @enum {string}
                 */
                structure: "directories" | "suffix";
                /** @description `directories` only: the other locales' directory, with `{locale}` exactly once, e.g. `content/{locale}/posts` */
                directory?: string;
                /** @description `suffix` only: the default locale's files carry their suffix too (`about.en.md`) */
                suffixDefault?: boolean;
                /** @description A subset of the repository's locales, in order; required without a repository `i18n` */
                locales?: string[];
                /** @description The collection's default locale; required without a repository `i18n` */
                default?: string;
            };
        };
        /**
         * @example {
         *       "collection": "posts",
         *       "slug": "2024-02-14-hello-world",
         *       "type": "modified",
         *       "frontmatter": {
         *         "fields": [
         *           {
         *             "name": "title",
         *             "oldValue": "Hello",
         *             "newValue": "Hello, world",
         *             "changed": true
         *           },
         *           {
         *             "name": "date",
         *             "oldValue": "2024-02-14",
         *             "newValue": "2024-02-14",
         *             "changed": false
         *           }
         *         ]
         *       },
         *       "body": {
         *         "oldBody": "Our first post.\n",
         *         "newBody": "Our first post, edited.\n"
         *       },
         *       "path": "content/posts/2024-02-14-hello-world.md"
         *     }
         */
        ContentDiff: {
            /** @description '' for a file that is not a content item */
            collection: string;
            /** @description '' for a file that is not a content item */
            slug: string;
            /**
             * @description `added`, `modified` or `deleted`
             * @enum {string}
             */
            type: "added" | "modified" | "deleted";
            /** @description The frontmatter, field by field */
            frontmatter: {
                /** @description Every field of either side, compared one by one */
                fields: components["schemas"]["ContentDiffField"][];
            };
            /** @description '' for the side where the file does not exist; the whole text for a file that is not an item */
            body: {
                /** @description The body before */
                oldBody: string;
                /** @description The body after */
                newBody: string;
            };
            /** @description The changed file's path in the repository */
            path?: string;
            /** @description An addition, for an item of a translated collection (one with `i18n`): the locale this file is; a draft may hold the item in several locales, one entry each */
            locale?: string;
            /** @description An addition to the spec, for an item that was renamed (a draft of the new slug that deletes the old item's file; `type` is `modified`, fields and body are diffed old against new): the slug and the path the item had */
            previousSlug?: string;
            /** @description With previousSlug: the path the item had */
            previousPath?: string;
            /** @description Present for a file that is not a content item: every file a pull request changes is listed */
            file?: components["schemas"]["ChangedFile"];
        };
        /** @description One frontmatter field of a ContentDiff, as the spec has it. Addition: `changes`, only for a changed field whose old and new values are both objects or both lists: the values that changed inside it (see ValueChange), so a reviewer sees `seo.title` or `links[1].url` rather than the whole value twice. */
        ContentDiffField: {
            /** @description The frontmatter field */
            name: string;
            /** @description Absent when the field is not in the old version */
            oldValue?: unknown;
            /** @description Absent when the field is not in the new version */
            newValue?: unknown;
            /** @description Whether its value differs */
            changed: boolean;
            /** @description An addition to the spec: for a changed field whose old and new values are both objects or both lists, the values that changed inside it. `path` is relative to the field (`title` of `seo`, `[1].url` of `links`); `oldValue` is absent for an added value, `newValue` for a removed one */
            changes?: components["schemas"]["ValueChange"][];
        };
        /**
         * @description A content item. `slug` is the file name without its extension (for page bundles the folder name). A file whose name is not a strict slug (`About-Us.md`, `_index.md`) is served under an encoded slug: `_`, then each UTF-8 byte of the name kept when it is a-z, 0-9 or "-", else written `_` and two lowercase hex digits (`About-Us` → `__41bout-_55s`). Encoded slugs are safe in URLs and in the draft branch cms/{collection}/{slug}; new items need a strict slug.
         * @example {
         *       "slug": "2024-02-14-hello-world",
         *       "path": "content/posts/2024-02-14-hello-world.md",
         *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b",
         *       "frontmatter": {
         *         "title": "Hello, world",
         *         "date": "2024-02-14",
         *         "tags": [
         *           "news"
         *         ]
         *       },
         *       "body": "Our first post.\n",
         *       "branch": "cms/posts/2024-02-14-hello-world",
         *       "prNumber": 12
         *     }
         */
        ContentItem: {
            /** @description File name without the extension (for page bundles, `{slug}/index.md`, the folder name). A name that is not a strict slug (`About-Us.md`, `_index.md`) is served under its encoding: `_`, then each UTF-8 byte kept when it is a-z, 0-9 or "-", else written `_` and two lowercase hex digits (`About-Us` → `__41bout-_55s`). New items need a strict slug */
            slug: string;
            /** @description The file's path in the repository */
            path: string;
            /** @description The file's blob sha: send it back to update or delete */
            sha: string;
            /** @description The parsed frontmatter, every key as in the file */
            frontmatter: {
                [key: string]: unknown;
            };
            /** @description An addition to the spec, in lists only: the text of the body's first heading (markup dropped, at most 200 characters), present when the frontmatter has no `title` and the body has a heading, so a list can name the item as the site does */
            heading?: string;
            /** @description Only when a single item is fetched */
            body?: string;
            /** @description Only when the item has a draft branch with an open pull request */
            branch?: string;
            /** @description Only when the item has a draft branch with an open pull request: its number */
            prNumber?: number;
            /** @description An addition, single-item reads of a translated collection (one with `i18n`) only: the locale this file is, the one asked with `?locale=` or the collection's default */
            locale?: string;
            /** @description An addition, single-item reads of a translated collection only: every locale of the collection (this one included) with its file on the default branch and its status against the default locale's file. Costs no GitHub round trip of its own when the statuses are known (kept by blob pair); otherwise at most two GraphQL round trips of git history */
            translations?: {
                [key: string]: {
                    /** @description The locale's file of the item, or where it would be created (the collection's first pattern) */
                    path: string;
                    /** @description The file's blob sha on the default branch; null when the item has no file in this locale */
                    sha: string | null;
                    /**
                     * @description `current`; `outdated` when the default locale's file changed after this file's last change (git history on the default branch); `missing` when there is no file. The default locale's own entry is `current`
                     * @enum {string}
                     */
                    status: "current" | "outdated" | "missing";
                };
            };
            /** @description An addition, in the answer of `POST …/{slug}/translations` only: the `translate` fields copied from the default locale because they are required; they still need translating */
            placeholders?: string[];
            /** @description Present when the file cannot be edited as fields: why */
            problem?: {
                /**
                 * @description invalid-frontmatter (the YAML does not parse), too-large (over the limits; saves refused), symlink, not-text (binary), unsupported-format (no longer reported)
                 * @enum {string}
                 */
                code: "invalid-frontmatter" | "unsupported-format" | "too-large" | "symlink" | "not-text";
                /** @description The problem in words */
                message: string;
                /** @description 1-based line of the file where the frontmatter fails to parse, when known */
                line?: number;
            };
            /**
             * @description An addition, in lists only (any branch or ref): present when the item's fields break the collection's definitions (a type, a required field, an option), the checks `cms check` and the pull request check make that need no other file; relations and media are not checked here
             * @example {
             *       "count": 2,
             *       "first": "frontmatter.title: Required"
             *     }
             */
            problems?: {
                /** @description How many field problems the item has */
                count: number;
                /** @description The first of them, as `cms check` says it (at most 200 characters) */
                first: string;
            };
            /** @description Single-item reads with a problem: the frontmatter block's raw text, so a person can see and fix it */
            rawFrontmatter?: string;
        };
        /**
         * @example {
         *       "number": 12,
         *       "htmlUrl": "https://github.com/demo/blog/pull/12",
         *       "previewUrl": null
         *     }
         */
        CreatePullResult: {
            /** @description The new pull request's number */
            number: number;
            /**
             * Format: uri
             * @description It on GitHub
             */
            htmlUrl: string;
            /** @description Where the draft can be previewed; null or absent when no preview is configured */
            previewUrl?: string | null;
        };
        /**
         * @example {
         *       "deviceCode": "3584d83530557fdd1f46af8289938c8ef79f9dc5",
         *       "userCode": "WDJB-MJHT",
         *       "verificationUri": "https://github.com/login/device",
         *       "reviewUri": "https://cms.example.org/auth/device/review?code=WDJB-MJHT",
         *       "expiresIn": 900,
         *       "interval": 5
         *     }
         */
        DeviceCode: {
            /** @description The secret the tool polls with (POST /auth/device/token); never shown to the person */
            deviceCode: string;
            /** @description The code the person types on the provider's verification page */
            userCode: string;
            /**
             * Format: uri
             * @description Where the person enters userCode
             */
            verificationUri: string;
            /**
             * Format: uri
             * @description The service's page that shows what approving this code grants (permissions, repositories, lifetime), with a link on to verificationUri. Added to the spec's shape.
             */
            reviewUri: string;
            /** @description Seconds until the code expires */
            expiresIn: number;
            /** @description Fewest seconds between two polls */
            interval: number;
        };
        /**
         * @example {
         *       "status": "success",
         *       "token": "cms_AAAAAAAAAAAAAAAAAAAAAA.bm90LWEtcmVhbC1zaWduYXR1cmUtanVzdC1hbi1leGFtcGxl",
         *       "expiresAt": "2025-04-01T09:30:00.000Z",
         *       "username": "demo"
         *     }
         * @example {
         *       "status": "pending"
         *     }
         */
        DeviceTokenAnswer: {
            /**
             * @description pending: not approved yet, poll again; slow_down: poll less often; expired: start over; denied: the person refused
             * @enum {string}
             */
            status: "pending" | "slow_down" | "expired" | "denied";
        } | {
            /**
             * @description Approved: the token is here
             * @constant
             */
            status: "success";
            /** @description The API token (`Authorization: Bearer …`); shown this once */
            token: string;
            /** @description When the token expires (ISO 8601) */
            expiresAt: string;
            /** @description The GitHub login of the person who approved */
            username: string;
        };
        /**
         * @description The review state after POST or DELETE …/pulls/{number}/ready: `draft` false is ready for review (In review), true is In progress (a GitHub draft pull request).
         * @example {
         *       "ok": true,
         *       "draft": false
         *     }
         */
        DraftStateResult: {
            /**
             * @description Done
             * @constant
             */
            ok: true;
            /** @description true: a GitHub draft pull request ("In progress"); false: ready for review */
            draft: boolean;
        };
        /**
         * @example {
         *       "error": "frontmatter.title: expected a string"
         *     }
         */
        Error: {
            /** @description What is wrong, in words a person can act on; names the field or the limit where one is the cause */
            error: string;
        };
        /** @description A frontmatter field. The spec's types are string, string[], number, boolean and date; additions: image, image[], file, file[] (media paths), `text` (a multi-line string), `select` (`options`: a non-empty list of distinct strings or {value, label}; with `multiple: true` the value is a list of option values, otherwise one), `datetime` (an ISO date-time such as 2025-01-02T10:00:00+02:00, or the date forms with a time) and `hidden` (needs a `default`; the editor does not show it, a new item gets the default), `object` (`fields`: the nested fields; the value is a mapping), `list` (`field`: what each item is, or `fields`: each item is an object of them; `min`/`max` count items), `relation` (`collection`: another collection of the config; the value is the slug of one of its items, or with `multiple: true` a list of slugs; `displayField` names the field the editor shows, default `title`). Objects and lists nest at most 5 levels. A property on a type that does not take it is refused, as is an unknown type (400 naming it and its path, e.g. collections.posts.fields[1].fields[0].type). A save names a bad nested value by its path: frontmatter.links[2].url. */
        FieldDefinition: {
            /** @description The frontmatter key */
            name: string;
            /** @description What the editor shows */
            label: string;
            /**
             * @description What the value is: the spec's string, string[], number, boolean, date, and the additions (see FieldDefinition)
             * @enum {string}
             */
            type: "string" | "string[]" | "number" | "boolean" | "date" | "image" | "image[]" | "file" | "file[]" | "text" | "select" | "datetime" | "hidden" | "object" | "list" | "relation";
            /** @description A save without a value is refused (400) */
            required?: boolean;
            /** @description Applied when an item is created without this field; must fit `type`; a `hidden` field needs one */
            default?: unknown;
            /** @description `select` only: the values the field may take (distinct) */
            options?: (string | {
                /** @description The value stored in the frontmatter */
                value: string;
                /** @description What the editor shows */
                label: string;
            })[];
            /** @description `select` and `relation`: the value is a list rather than one */
            multiple?: boolean;
            /** @description `list` only: the fewest items */
            min?: number;
            /** @description `list` only: the most items */
            max?: number;
            /** @description `relation` only: the collection whose items' slugs the value names */
            collection?: string;
            /** @description `relation` only: the field of that collection the editor shows for each item (default `title`, else the slug) */
            displayField?: string;
            /**
             * @description A translated collection's top-level field: `translate` (the default: each locale its own value), `duplicate` (copied from the default locale into a new translation, then editable) or `shared` (kept equal in every locale)
             * @enum {string}
             */
            i18n?: "translate" | "duplicate" | "shared";
            /** @description `object`, and `list` of objects: the fields each holds */
            fields?: components["schemas"]["FieldList"];
            /** @description `list` of single values: what each item is */
            field?: components["schemas"]["ListItemField"];
        };
        /** @description The fields of a collection, an `object` or a `list` of objects: distinct names, in the order the editor shows them. */
        FieldList: components["schemas"]["FieldDefinition"][];
        /**
         * @example {
         *       "message": "Too Many Requests"
         *     }
         */
        GatewayError: {
            /** @description API Gateway's own words, e.g. Too Many Requests */
            message: string;
        };
        /**
         * @example {
         *       "status": "ok",
         *       "webhookSecret": true
         *     }
         */
        Health: {
            /** @description `ok`, or `not_ready` while a setting is not filled in (on AWS: the GitHub App secret); the status code is 200 either way */
            status: string;
            /** @description With `not_ready`: what is missing and where to fill it in (names a secret and its fields, never a value). Added to the spec's shape. */
            reason?: string;
            /** @description With `ok`: whether the GitHub App secret holds a `webhookSecret`. true: GitHub's App deliveries to POST /api/github/webhook are verified and keep lists fresh; false: they are refused and every list reads GitHub (still correct, one GitHub request more). Added to the spec's shape. */
            webhookSecret?: boolean;
        };
        /**
         * @example {
         *       "fullName": "demo/blog",
         *       "private": false,
         *       "description": "The demo blog"
         *     }
         */
        HostRepo: {
            /** @description `owner/repo` */
            fullName: string;
            /** @description Whether the repository is private on GitHub */
            private: boolean;
            /** @description Its description on GitHub; null when it has none */
            description?: string | null;
        };
        /** @description What each item of a `list` field is when the items are single values: a field definition without `name` (its `label` defaults to the list's). */
        ListItemField: {
            /**
             * @description What the value is: the spec's string, string[], number, boolean, date, and the additions (see FieldDefinition)
             * @enum {string}
             */
            type: "string" | "string[]" | "number" | "boolean" | "date" | "image" | "image[]" | "file" | "file[]" | "text" | "select" | "datetime" | "hidden" | "object" | "list" | "relation";
            /** @description A save without a value is refused (400) */
            required?: boolean;
            /** @description Applied when an item is created without this field; must fit `type`; a `hidden` field needs one */
            default?: unknown;
            /** @description `select` only: the values the field may take (distinct) */
            options?: (string | {
                /** @description The value stored in the frontmatter */
                value: string;
                /** @description What the editor shows */
                label: string;
            })[];
            /** @description `select` and `relation`: the value is a list rather than one */
            multiple?: boolean;
            /** @description `list` only: the fewest items */
            min?: number;
            /** @description `list` only: the most items */
            max?: number;
            /** @description `relation` only: the collection whose items' slugs the value names */
            collection?: string;
            /** @description `relation` only: the field of that collection the editor shows for each item (default `title`, else the slug) */
            displayField?: string;
            /** @description What the editor shows; the list's label when absent */
            label?: string;
            /** @description `object`, and `list` of objects: the fields each holds */
            fields?: components["schemas"]["FieldList"];
            /** @description `list` of single values: what each item is */
            field?: components["schemas"]["ListItemField"];
        };
        /**
         * @example {
         *       "authenticated": true,
         *       "username": "demo"
         *     }
         */
        Me: {
            /** @description Whether the request carries a valid session cookie or API token */
            authenticated: boolean;
            /** @description The GitHub login of the signed-in user (an API token: of its creator) */
            username?: string;
        };
        /** @description Why a pull request on a cms/{collection}/{slug} branch is not a genuine draft. reason: `cross-repository` (its head is a branch of a fork with the same name), `base-not-default` (it targets another branch than the default branch), `foreign-files` (it changes files other than its own item {directory}/{slug}.md (or the file the collection's `path` pattern names) and the media files it adds to its collection's media directory that the item references (a frontmatter value, or a markdown link or image target), more than 100 files, or renames or changes the type of the item; or a file it keeps is not what the CMS writes: read at the head sha, a symbolic link, a submodule or an executable file that was not one on the default branch, or a media file that fails the upload rules: an extension of no accepted type, over 25 MiB, bytes of another type, an SVG with active content or outside references; `message` names each file, with the reason). Such a pull request can be read, diffed, commented and closed (its branch is kept), never published, updated or rebased (409 with the same reason). */
        MergeBlocker: {
            /**
             * @description Why it is not a genuine draft (see MergeBlocker)
             * @enum {string}
             */
            reason: "cross-repository" | "base-not-default" | "foreign-files";
            /** @description The same in words, naming the files concerned */
            message: string;
        };
        /**
         * @description A refused merge: `reason` is always a code, `error` the refusal in words. `conflicts` (merge conflicts), `cross-repository` | `base-not-default` | `foreign-files` (not a genuine draft, nothing is merged), `already-merged`, `closed`, `head-moved`, a publish blocker's code (the first of `publishBlockers`) or `refused` (another refusal of GitHub's).
         * @example {
         *       "merged": false,
         *       "reason": "conflicts",
         *       "error": "The draft conflicts with the default branch: update or rebase it, then publish again"
         *     }
         */
        MergeConflict: {
            /**
             * @description Not merged
             * @constant
             */
            merged: false;
            /**
             * @description Why, as a code (see MergeConflict)
             * @enum {string}
             */
            reason: "conflicts" | "cross-repository" | "base-not-default" | "foreign-files" | "already-merged" | "closed" | "head-moved" | "reviews" | "changes-requested" | "checks-pending" | "checks-failing" | "merge-method" | "refused";
            /** @description Why, in words to show the person */
            error?: string;
            /** @description An addition: when branch protection refuses it, everything still missing (the first is `reason`) */
            publishBlockers?: {
                /**
                 * @description What is missing: `reviews` (approvals), `changes-requested`, `checks-pending`, `checks-failing`, `merge-method` (no merge method the service can use is allowed)
                 * @enum {string}
                 */
                reason: "reviews" | "changes-requested" | "checks-pending" | "checks-failing" | "merge-method";
                /** @description The same in words, e.g. Needs 1 more approving review (1 required) */
                message: string;
                /** @description The check concerned (checks-pending, checks-failing) */
                check?: string;
                /** @description Where to see that check */
                url?: string;
            }[];
        };
        /**
         * @example {
         *       "sha": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
         *       "merged": true
         *     }
         */
        MergeResult: {
            /** @description The published commit on the default branch */
            sha: string;
            /**
             * @description Published
             * @constant
             */
            merged: true;
            /** @description An addition: a save that landed on the draft meanwhile, kept on its branch */
            keptBranch?: {
                /** @description The draft branch that was kept */
                branch: string;
                /** @description Where it points now */
                headSha: string;
                /** @description The draft pull request opened for the save; null when none could be opened */
                number: number | null;
                /** @description What happened, in words to show the person */
                message: string;
            };
        };
        /**
         * @example {
         *       "ok": true
         *     }
         */
        Ok: {
            /** @description true: done */
            ok: boolean;
        };
        /** @enum {string} */
        Permission: "content:read" | "content:write" | "content:delete" | "content:publish" | "config:read" | "repos:read";
        /**
         * @example {
         *       "id": 1,
         *       "body": "Looks good to me.",
         *       "author": "alice",
         *       "avatarUrl": "https://avatars.githubusercontent.com/u/1",
         *       "createdAt": "2025-01-02T10:15:00Z"
         *     }
         */
        PrComment: {
            /** @description The comment's id on GitHub */
            id: number;
            /** @description What was written (Markdown) */
            body: string;
            /** @description The GitHub login of who wrote it */
            author: string;
            /**
             * Format: uri
             * @description Their avatar
             */
            avatarUrl: string;
            /** @description When it was written (ISO 8601) */
            createdAt: string;
        };
        /**
         * @example {
         *       "number": 12,
         *       "title": "Edit 2024-02-14-hello-world",
         *       "branch": "cms/posts/2024-02-14-hello-world",
         *       "state": "open",
         *       "merged": false,
         *       "createdAt": "2025-01-02T09:30:00Z",
         *       "updatedAt": "2025-01-02T10:00:00Z",
         *       "collection": "posts",
         *       "slug": "2024-02-14-hello-world",
         *       "previewUrl": null,
         *       "author": "demo",
         *       "draft": false,
         *       "mergeable": true,
         *       "mergeStateStatus": "CLEAN",
         *       "reviewDecision": null,
         *       "body": "Edited in the CMS.",
         *       "headSha": "8c3a9d1fe27e5b0a4f6c7d2e9b1a0c3d5e7f9a2b",
         *       "baseSha": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
         *       "htmlUrl": "https://github.com/demo/blog/pull/12",
         *       "mergeBlockers": []
         *     }
         */
        PullRequestDetail: {
            /** @description The pull request number on GitHub */
            number: number;
            /** @description Its title */
            title: string;
            /** @description Its head branch, `cms/{collection}/{slug}` */
            branch: string;
            /**
             * @description `open` or `closed`
             * @enum {string}
             */
            state: "open" | "closed";
            /** @description Whether it was merged (published) */
            merged: boolean;
            /** @description When it was opened (ISO 8601) */
            createdAt: string;
            /** @description When it last changed on GitHub (ISO 8601) */
            updatedAt: string;
            /** @description Parsed from the branch `cms/{collection}/{slug}`; '' for a change set */
            collection: string;
            /** @description Parsed from the branch `cms/{collection}/{slug}`; '' for a change set */
            slug: string;
            /** @description Where the draft can be previewed (cms.config.json `preview`); null or absent when none is configured */
            previewUrl?: string | null;
            /** @description The GitHub login of who opened it */
            author: string;
            /** @description Always sent (an addition to the spec, so optional in the shape): true while the pull request is a GitHub draft pull request, the board's "In progress"; false once it is ready for review */
            draft?: boolean;
            /** @description Whether it merges without conflicts; null while the provider is still computing it. Sent in the list too (an addition): a draft ready for review with `mergeable: true` is "Ready to publish" */
            mergeable?: boolean | null;
            /**
             * @description An addition, always sent (list and detail): GitHub's MergeStateStatus, read in the same query. CLEAN: mergeable, checks passing; HAS_HOOKS: the same with pre-receive hooks (GitHub Enterprise Server); UNSTABLE: mergeable while a check that is not required fails or is pending (GitHub says BLOCKED when a required one does); BLOCKED: the branch's rules refuse the merge (reviews, required checks); BEHIND: a strict rule wants main merged into the draft first (Update); DIRTY: conflicts; DRAFT: a GitHub draft pull request; UNKNOWN: GitHub is still computing it. "Ready to publish" takes CLEAN, HAS_HOOKS or UNSTABLE
             * @enum {string}
             */
            mergeStateStatus?: "BEHIND" | "BLOCKED" | "CLEAN" | "DIRTY" | "DRAFT" | "HAS_HOOKS" | "UNKNOWN" | "UNSTABLE";
            /** @description An addition, always sent (list and detail): GitHub's review decision under the default branch's rules, which every reader sees (classic protection's review rule only admins may read): REVIEW_REQUIRED, CHANGES_REQUESTED or APPROVED; null when no review is required */
            reviewDecision?: ("APPROVED" | "CHANGES_REQUESTED" | "REVIEW_REQUIRED") | null;
            /** @description An addition: the change set's name, present only for a change set (branch `cms/_sets/{name}`), whose items are in its diff */
            set?: string;
            /** @description The pull request's description */
            body: string;
            /** @description The draft branch's head commit */
            headSha: string;
            /** @description The default branch's commit it is compared with */
            baseSha: string;
            /**
             * Format: uri
             * @description The pull request on GitHub
             */
            htmlUrl: string;
            /** @description Always sent (an addition to the spec's PullRequestDetail, so optional in the shape): empty for a genuine draft, otherwise why it cannot be published (see MergeBlockerSchema) */
            mergeBlockers?: components["schemas"]["MergeBlocker"][];
            /** @description An addition: the review workflow of an open draft, what the default branch's protection and rulesets require and where the draft stands (reviews, checks, blockers, the merge method) */
            review?: {
                /** @description The default branch is protected (classic protection or a ruleset) */
                protected: boolean;
                /** @description Approvals the default branch's rules ask for */
                requiredApprovingReviews: number;
                /** @description The status checks the rules require */
                requiredChecks: string[];
                /** @description Reviewers whose latest review approves */
                approvedBy: string[];
                /** @description Reviewers whose latest review requests changes */
                changesRequestedBy: string[];
                /** @description The reviews, oldest first */
                reviews: {
                    /** @description The reviewer's GitHub login */
                    author: string;
                    /** @description GitHub's review state: APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED */
                    state: string;
                    /** @description What the reviewer wrote ('' when nothing) */
                    body: string;
                    /** @description When it was submitted (ISO 8601); null while pending */
                    submittedAt: string | null;
                }[];
                /** @description The head commit's checks and statuses */
                checks: {
                    /** @description The check's name (its context) */
                    name: string;
                    /** @description pending, success, failure, error, neutral, skipped… */
                    state: string;
                    /** @description Where to see it; null when it gives none */
                    url: string | null;
                    /** @description Whether the rules require it */
                    required: boolean;
                }[];
                /** @description How Publish merges: squash when the repository and the branch allow it, else what they allow; null when nothing is */
                mergeMethod: ("squash" | "merge" | "rebase") | null;
                /** @description An addition: GitHub's review decision (as in the summary). When classic protection could not be read (the user is no admin), `requiredApprovingReviews` counts the rulesets only, and a decision of REVIEW_REQUIRED or CHANGES_REQUESTED becomes a `reviews` or `changes-requested` blocker, so the approval classic protection asks for is named before Publish is pressed */
                reviewDecision?: ("APPROVED" | "CHANGES_REQUESTED" | "REVIEW_REQUIRED") | null;
                /** @description Empty when the rules let the draft be published now */
                publishBlockers: {
                    /**
                     * @description What is missing: `reviews` (approvals), `changes-requested`, `checks-pending`, `checks-failing`, `merge-method` (no merge method the service can use is allowed)
                     * @enum {string}
                     */
                    reason: "reviews" | "changes-requested" | "checks-pending" | "checks-failing" | "merge-method";
                    /** @description The same in words, e.g. Needs 1 more approving review (1 required) */
                    message: string;
                    /** @description The check concerned (checks-pending, checks-failing) */
                    check?: string;
                    /** @description Where to see that check */
                    url?: string;
                }[];
            };
        };
        /**
         * @description An open draft. `draft` and `mergeable` (additions) place it on the board: `draft: true` (a GitHub draft pull request) is In progress; otherwise In review, and Ready to publish when `mergeable` is true (required checks and approvals will join this test with the review workflow). `mergeable` is null while GitHub computes it.
         * @example {
         *       "number": 12,
         *       "title": "Edit 2024-02-14-hello-world",
         *       "branch": "cms/posts/2024-02-14-hello-world",
         *       "state": "open",
         *       "merged": false,
         *       "createdAt": "2025-01-02T09:30:00Z",
         *       "updatedAt": "2025-01-02T10:00:00Z",
         *       "collection": "posts",
         *       "slug": "2024-02-14-hello-world",
         *       "previewUrl": null,
         *       "author": "demo",
         *       "draft": false,
         *       "mergeable": true,
         *       "mergeStateStatus": "CLEAN",
         *       "reviewDecision": null
         *     }
         */
        PullRequestSummary: {
            /** @description The pull request number on GitHub */
            number: number;
            /** @description Its title */
            title: string;
            /** @description Its head branch, `cms/{collection}/{slug}` */
            branch: string;
            /**
             * @description `open` or `closed`
             * @enum {string}
             */
            state: "open" | "closed";
            /** @description Whether it was merged (published) */
            merged: boolean;
            /** @description When it was opened (ISO 8601) */
            createdAt: string;
            /** @description When it last changed on GitHub (ISO 8601) */
            updatedAt: string;
            /** @description Parsed from the branch `cms/{collection}/{slug}`; '' for a change set */
            collection: string;
            /** @description Parsed from the branch `cms/{collection}/{slug}`; '' for a change set */
            slug: string;
            /** @description Where the draft can be previewed (cms.config.json `preview`); null or absent when none is configured */
            previewUrl?: string | null;
            /** @description The GitHub login of who opened it */
            author: string;
            /** @description Always sent (an addition to the spec, so optional in the shape): true while the pull request is a GitHub draft pull request, the board's "In progress"; false once it is ready for review */
            draft?: boolean;
            /** @description Whether it merges without conflicts; null while the provider is still computing it. Sent in the list too (an addition): a draft ready for review with `mergeable: true` is "Ready to publish" */
            mergeable?: boolean | null;
            /**
             * @description An addition, always sent (list and detail): GitHub's MergeStateStatus, read in the same query. CLEAN: mergeable, checks passing; HAS_HOOKS: the same with pre-receive hooks (GitHub Enterprise Server); UNSTABLE: mergeable while a check that is not required fails or is pending (GitHub says BLOCKED when a required one does); BLOCKED: the branch's rules refuse the merge (reviews, required checks); BEHIND: a strict rule wants main merged into the draft first (Update); DIRTY: conflicts; DRAFT: a GitHub draft pull request; UNKNOWN: GitHub is still computing it. "Ready to publish" takes CLEAN, HAS_HOOKS or UNSTABLE
             * @enum {string}
             */
            mergeStateStatus?: "BEHIND" | "BLOCKED" | "CLEAN" | "DIRTY" | "DRAFT" | "HAS_HOOKS" | "UNKNOWN" | "UNSTABLE";
            /** @description An addition, always sent (list and detail): GitHub's review decision under the default branch's rules, which every reader sees (classic protection's review rule only admins may read): REVIEW_REQUIRED, CHANGES_REQUESTED or APPROVED; null when no review is required */
            reviewDecision?: ("APPROVED" | "CHANGES_REQUESTED" | "REVIEW_REQUIRED") | null;
            /** @description An addition: the change set's name, present only for a change set (branch `cms/_sets/{name}`), whose items are in its diff */
            set?: string;
        };
        /**
         * @example {
         *       "sha": "8c3a9d1fe27e5b0a4f6c7d2e9b1a0c3d5e7f9a2b",
         *       "path": "content/posts/2024-02-14-hello-world.md",
         *       "branch": "cms/posts/2024-02-14-hello-world"
         *     }
         */
        PutContentResult: {
            /** @description The file's new blob sha (send it with the next save) */
            sha: string;
            /** @description The file's path in the repository */
            path: string;
            /** @description Only when the save went to a draft branch (`mode: branch`), or would have and the branch exists */
            branch?: string;
            /**
             * @description An addition to the spec: present (true) when the save would have written the bytes already there. No commit was made (and no draft branch created); `sha` is the file's current sha
             * @constant
             */
            unchanged?: true;
            /**
             * @description An addition: present (true) when a direct save met a default branch kept to pull requests (branch protection or a ruleset) and was saved as a draft on `branch` instead: open its pull request to publish it
             * @constant
             */
            protectedBranch?: true;
            /** @description An addition, for a translated collection: present when the save changed a field marked `"i18n": "shared"` that other locales' files of the item hold with another value; each entry names the field and those locales. Nothing was written to them: save again with `applyShared: true` to make them equal */
            sharedChanges?: {
                /** @description The shared field, as the collection names it */
                field: string;
                /** @description The other locales whose file of the item holds (or, in `sharedApplied`, held) another value, in the collection's order */
                locales: string[];
            }[];
            /** @description An addition: present when `applyShared` wrote shared fields into other locales' files, in the same commit as the save; each entry names the field and the locales written */
            sharedApplied?: {
                /** @description The shared field, as the collection names it */
                field: string;
                /** @description The other locales whose file of the item holds (or, in `sharedApplied`, held) another value, in the collection's order */
                locales: string[];
            }[];
        };
        /**
         * @description A refused rebase: the pull request is not open, or (reason `cross-repository` | `base-not-default` | `foreign-files`) not a genuine draft.
         * @example {
         *       "error": "Pull request #12 is not open"
         *     }
         */
        RebaseRefusal: {
            /** @description Why, in words */
            error: string;
            /**
             * @description When it is not a genuine draft: why, as a code
             * @enum {string}
             */
            reason?: "cross-repository" | "base-not-default" | "foreign-files";
        };
        /**
         * @example {
         *       "name": "Demo blog",
         *       "collections": {
         *         "posts": {
         *           "label": "Posts",
         *           "directory": "content/posts",
         *           "path": [
         *             "{slug}.md",
         *             "{slug}/index.md"
         *           ],
         *           "fields": [
         *             {
         *               "name": "title",
         *               "type": "string",
         *               "label": "Title",
         *               "required": true
         *             }
         *           ]
         *         }
         *       },
         *       "problems": {
         *         "pages": "collections.pages.path[1]: must contain \"{slug}\" exactly once"
         *       }
         *     }
         */
        RepoConfig: {
            /** @description Allowed so editors can point at a JSON Schema of this file; ignored by the service */
            $schema?: string;
            /** @description The site's name, as the editor shows it */
            name: string;
            /** @description The collections, by name (1 to 64 lowercase letters, digits, "_" or "-") */
            collections: {
                [key: string]: components["schemas"]["CollectionConfig"];
            };
            /** @description Where drafts are previewed */
            preview?: {
                /** @description The Cloudflare Pages project whose branch aliases serve draft previews */
                pagesProject?: string;
            };
            /** @description Where uploads go unless a collection says otherwise (an addition to the spec) */
            media?: {
                /** @description The directory in the repository uploads go to, e.g. static/images */
                directory: string;
                /** @description Where the site serves that directory, e.g. /images: an image field stores this, "/" and the file name */
                publicPath: string;
            };
            /**
             * @description The locales of the translated collections and the default (an addition)
             * @example {
             *       "locales": [
             *         "en",
             *         "fr",
             *         "de"
             *       ],
             *       "default": "en"
             *     }
             */
            i18n?: {
                /** @description The locale codes (1 to 40, e.g. `en`, `pt-br`, `zh-CN`) of the translated collections */
                locales: string[];
                /** @description The default locale, one of `locales`: translations are made from it and compared with it */
                default: string;
            };
            /** @description An addition: each collection of the file left out of `collections` for a problem of its own (a field, its `path`, files another collection can claim too), with the problem named by its path in the file. The other collections work; that one answers 409 with the same words until the file is fixed */
            problems?: {
                [key: string]: string;
            };
        };
        /**
         * @example {
         *       "fullName": "demo/blog",
         *       "addedAt": "2025-01-01T09:30:00.000Z"
         *     }
         */
        RepoConnection: {
            /** @description `owner/repo` as GitHub spells it */
            fullName: string;
            /** @description When it was connected (ISO 8601) */
            addedAt: string;
        };
        /**
         * @description An entry of the collection directory that the list leaves out, with why. reason: `invalid-name` (empty, `.git`, control characters, a backslash), `name-too-long` (its encoded slug would be over 200 characters), `other-extension` (markdown, but not the collection's `path` extension), `not-markdown`, `subfolder` (in a collection of single files), `not-a-bundle` (a file beside the page bundles, or a folder without the bundle's file), `submodule`.
         * @example {
         *       "path": "content/posts/notes.txt",
         *       "reason": "not-markdown",
         *       "message": "notes.txt is not a .md, .mdx or .markdown file"
         *     }
         */
        SkippedFile: {
            /** @description The entry's path in the repository (a folder's path for folders) */
            path: string;
            /**
             * @description Why it is not listed, as a code (see SkippedFile)
             * @enum {string}
             */
            reason: "invalid-name" | "name-too-long" | "other-extension" | "not-markdown" | "subfolder" | "not-a-bundle" | "submodule" | "duplicate-slug";
            /** @description The same in words */
            message: string;
        };
        /**
         * @description A refused update. reason: `conflicts` (`fields` names the frontmatter fields, and `body`, in conflict; `paths`, an addition present when a conflict lies inside an object or list field, names every conflict by its deepest path: fields ["seo"] with paths ["seo.title"], or `links[1]` for items both sides changed in different ways) or `cross-repository` | `base-not-default` | `foreign-files` (not a genuine draft; `error` says why).
         * @example {
         *       "ok": false,
         *       "reason": "conflicts",
         *       "fields": [
         *         "title"
         *       ]
         *     }
         */
        UpdateConflict: {
            /**
             * @description Not updated
             * @constant
             */
            ok: false;
            /**
             * @description `conflicts`, or why it is not a genuine draft
             * @enum {string}
             */
            reason?: "conflicts" | "cross-repository" | "base-not-default" | "foreign-files";
            /** @description With `conflicts`: the frontmatter fields in conflict, and `body` */
            fields?: string[];
            /** @description With `fields`, when a conflict lies inside an object or list field: every conflict by its deepest path (`seo.title`, `links[1].url`, `body`) */
            paths?: string[];
            /** @description An addition, for a change set (which holds many items): the files in conflict. Take an item out of the set (DELETE …/sets/{name}/items/…) or edit it to match, then update again */
            files?: string[];
            /** @description Why, in words */
            error?: string;
        };
        /** @description A value that changed inside an object or list field: `path` from the field (`title`, `[1].url`; list items are aligned on the items left unchanged, so an inserted item is one change), `oldValue` (absent when added) and `newValue` (absent when removed). */
        ValueChange: {
            /** @description Where inside the field, e.g. `title` or `[1].url` */
            path: string;
            /** @description The value before; absent when it was added */
            oldValue?: unknown;
            /** @description The value after; absent when it was removed */
            newValue?: unknown;
        };
    };
    responses: {
        /** @description The query or the JSON body does not match its schema, the body is missing or not JSON, or a path parameter is malformed (`{number}` not a positive integer, `{slug}` not a valid slug); the message names the first invalid field */
        InvalidRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No credentials, or an invalid, expired or revoked session or API token */
        Unauthenticated: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Refused: an API token on a session-only route, a token without the permission or with the repository outside its scope, or a cookie-authenticated write from another origin */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is larger than Lambda takes (the request with its headers over 6 MiB, so a body of about 6 MB) or than API Gateway takes (a body over 10 MiB): API Gateway answers `{"message":"Request Entity Too Large"}` and the service never sees it. A JSON body over 6 MiB that reaches the service is refused with `{error}` */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
            };
        };
        /** @description Content-Type is not application/json */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description API Gateway's throttle, on AWS: the stage's requests per second, counted across all clients together, or on a route marked `x-throttle: credential` (sign-in, the device flow, creating an API token) that route's own, tighter limit. API Gateway answers `{"message":"Too Many Requests"}` itself: the service never saw the request and nothing changed; wait a moment and send it again. Local mode does not throttle */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": components["schemas"]["GatewayError"];
            };
        };
        /** @description An unexpected error: `{"error":"Internal Server Error"}`. API Gateway answers `{"message":"Internal Server Error"}` when the function failed outright or its answer, as sent, was over Lambda's 6 MB response limit */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
            };
        };
        /** @description The hosting provider (GitHub) failed or could not be reached */
        ProviderError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description GitHub's rate limit (primary or secondary) stopped a call this request needed: `{"error": "GitHub's rate limit was reached while …; retry after N s"}` with `Retry-After: N`, the seconds GitHub asked for (60 when it did not say). The call GitHub refused was not made; a write may have made earlier steps (a draft branch), so read before repeating one. Wait `Retry-After` seconds and send the request again. Otherwise: The service cannot answer now: the request ran out of time, or (on routes that read the table) the database is throttled or failing (try again shortly), or the GitHub App is not configured yet (the message names the secret and the fields to fill in; never a value). Out of time: the function stops at 29 s with `{error}` saying whether a change may have been made; API Gateway stops waiting at 30 s and answers `{"message":"Service Unavailable"}`. Either way the request's remaining work is abandoned: a write already sent to GitHub may have been made, so reload before repeating one */
        RateLimitedOrUnavailable: {
            headers: {
                /** @description Seconds to wait before sending the request again */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
            };
        };
        /** @description The service cannot answer now: the request ran out of time, or (on routes that read the table) the database is throttled or failing (try again shortly), or the GitHub App is not configured yet (the message names the secret and the fields to fill in; never a value). Out of time: the function stops at 29 s with `{error}` saying whether a change may have been made; API Gateway stops waiting at 30 s and answers `{"message":"Service Unavailable"}`. Either way the request's remaining work is abandoned: a write already sent to GitHub may have been made, so reload before repeating one */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "frontmatter.title: expected a string"
                 *     }
                 */
                "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
            };
        };
    };
    parameters: never;
    requestBodies: {
        ConnectRepoBody: {
            content: {
                /**
                 * @example {
                 *       "fullName": "demo/blog"
                 *     }
                 */
                "application/json": {
                    /** @description The repository, `owner/repo`; it must hold cms.config.json at its root */
                    fullName: string;
                };
            };
        };
        CreateCommentBody: {
            content: {
                /**
                 * @example {
                 *       "body": "Looks good to me."
                 *     }
                 */
                "application/json": {
                    /** @description The comment (Markdown); not blank */
                    body: string;
                };
            };
        };
        CreatePullBody: {
            content: {
                /**
                 * @example {
                 *       "branch": "cms/posts/2024-02-14-hello-world",
                 *       "title": "Edit 2024-02-14-hello-world",
                 *       "body": "Edited in the CMS."
                 *     }
                 */
                "application/json": {
                    /** @description An existing draft branch, `cms/{collection}/{slug}` */
                    branch: string;
                    /** @description The pull request's title */
                    title: string;
                    /** @description Its description */
                    body?: string;
                    /** @description An addition to the spec: true opens the pull request as a GitHub draft pull request ("In progress"); absent or false opens it ready for review, as the spec describes */
                    draft?: boolean;
                };
            };
        };
        CreateTokenBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CI deploy previews",
                 *       "repos": [
                 *         "demo/blog"
                 *       ],
                 *       "permissions": [
                 *         "content:read",
                 *         "content:write"
                 *       ],
                 *       "expiresIn": 7776000
                 *     }
                 */
                "application/json": {
                    /** @description What the token is for, as you will recognise it in the list (1 to 100 characters) */
                    name: string;
                    /** @description `owner/repo` names (at most 100; duplicates, compared case-insensitively, collapse to the first spelling), or `["*"]` alone for every repository */
                    repos: string[];
                    /** @description At least one; duplicates collapse */
                    permissions: components["schemas"]["Permission"][];
                    /** @description Seconds until expiry; null or absent: never expires */
                    expiresIn?: number | null;
                };
            };
        };
        DeviceTokenBody: {
            content: {
                /**
                 * @example {
                 *       "deviceCode": "3584d83530557fdd1f46af8289938c8ef79f9dc5"
                 *     }
                 */
                "application/json": {
                    /** @description The deviceCode POST /auth/device answered */
                    deviceCode: string;
                };
            };
        };
        PutContentBody: {
            content: {
                /**
                 * @example {
                 *       "frontmatter": {
                 *         "title": "Hello, world",
                 *         "date": "2024-02-14",
                 *         "tags": [
                 *           "news"
                 *         ]
                 *       },
                 *       "body": "Our first post, edited.\n",
                 *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b",
                 *       "mode": "branch"
                 *     }
                 */
                "application/json": {
                    /** @description Every frontmatter field of the item, as the save should leave it: any keys (the collection's fields are checked by their types); lines of fields not changed stay byte-identical */
                    frontmatter: {
                        [key: string]: unknown;
                    };
                    /** @description The markdown body, as the file should hold it after the frontmatter */
                    body: string;
                    /** @description Omit to create; the current sha to update */
                    sha?: string;
                    /**
                     * @description `direct` (default) commits to the default branch; `branch` commits to the draft branch `cms/{collection}/{slug}`; a locked collection takes only its own
                     * @default direct
                     * @enum {string}
                     */
                    mode?: "direct" | "branch";
                    /** @description The commit message (an addition): a summary line, then optionally a blank line and a description; at most 5,000 characters, no control characters but line breaks and tabs. Absent or blank: `Update {collection}/{slug}` (or `Create …`), as without it. The CMS adds a last line naming who saved (`Saved in the CMS by @login.`) either way */
                    message?: string;
                    /** @description An addition, for a collection of several `path` patterns: the pattern a new item's file takes (e.g. `{slug}/index.md`), one of the collection's (else 400 naming them); the first when absent. An existing item keeps its file: sent on an update, it must be that file's pattern */
                    path?: string;
                    /** @description An addition: the name of a change set (POST /api/repos/{repo}/sets) to save into: the commit goes to its branch `cms/_sets/{name}`, and `sha` is the set's copy of the file (the default branch's until the set changes it). Takes the place of `mode` (leave it out). 404 when the set does not exist; 409 when the item has its own draft `cms/{collection}/{slug}` or is in another open set (both named), or the set is full (100 items) */
                    set?: string;
                    /** @description An addition, for a translated collection with fields marked `"i18n": "shared"`: true writes this save's values of every shared field into each other locale's existing file of the item that holds another value, in the same commit (only those values change in those files; no translation is created). On the default branch, or on the draft branch the save goes to. One of those files changed meanwhile answers 409 and nothing is written */
                    applyShared?: boolean;
                };
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up; `status` says whether it is ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "webhookSecret": true
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Content editing service",
                     *         "version": "1.0.0"
                     *       },
                     *       "paths": {
                     *         "/api/health": {
                     *           "get": {
                     *             "operationId": "getHealth"
                     *           }
                     *         }
                     *       },
                     *       "components": {}
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description The OpenAPI version
                         * @constant
                         */
                        openapi: "3.1.0";
                        /** @description What the API is */
                        info: {
                            /** @description The API's name */
                            title: string;
                            /**
                             * @description The API's version
                             * @constant
                             */
                            version: "1.0.0";
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description The operations, by path and method */
                        paths: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        /** @description Schemas, request bodies, responses and security schemes the operations refer to */
                        components: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference's page, /app/api-docs.html */
            302: {
                headers: {
                    /** @description Where the browser goes next */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Session state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "authenticated": true,
                     *       "username": "demo"
                     *     }
                     */
                    "application/json": components["schemas"]["Me"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the provider's authorization page */
            302: {
                headers: {
                    /** @description Where the browser goes next */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    callback: {
        parameters: {
            query?: {
                /** @description The provider's authorization code */
                code?: string;
                /** @description The OAuth state the sign-in started with */
                state?: string;
                /** @description The provider's error code, when the user refused */
                error?: string;
                /** @description The provider's error in words */
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in; redirect to /app */
            302: {
                headers: {
                    /** @description Where the browser goes next */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or wrong state, or the provider refused the sign-in */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /** @description The provider could not be reached */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "tokenId": "AAAAAAAAAAAAAAAAAAAAAA",
                     *         "name": "CI deploy previews",
                     *         "repos": [
                     *           "demo/blog"
                     *         ],
                     *         "permissions": [
                     *           "content:read",
                     *           "content:write"
                     *         ],
                     *         "createdAt": "2025-01-01T09:30:00.000Z",
                     *         "expiresAt": "2025-04-01T09:30:00.000Z",
                     *         "lastUsedAt": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ApiTokenSummary"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Called with an API token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreateTokenBody"];
        responses: {
            /** @description Created; `token` is shown once. `repos` as stored: duplicates (compared case-insensitively) collapsed to the first spelling */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tokenId": "AAAAAAAAAAAAAAAAAAAAAA",
                     *       "name": "CI deploy previews",
                     *       "repos": [
                     *         "demo/blog"
                     *       ],
                     *       "permissions": [
                     *         "content:read",
                     *         "content:write"
                     *       ],
                     *       "createdAt": "2025-01-01T09:30:00.000Z",
                     *       "expiresAt": "2025-04-01T09:30:00.000Z",
                     *       "lastUsedAt": null,
                     *       "token": "cms_AAAAAAAAAAAAAAAAAAAAAA.bm90LWEtcmVhbC1zaWduYXR1cmUtanVzdC1hbi1leGFtcGxl"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiTokenCreated"];
                };
            };
            /** @description A field is invalid (the message names it: more than 100 repos, "*" with names, an unknown permission, …), or you already hold 50 active tokens (unexpired, unrevoked): revoke one first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Called with an API token, or from another origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API token's id (`tokenId` of the list) */
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Called with an API token, or from another origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such token among yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeCurrentToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Sent with a browser session: this route revokes API tokens only (a session ends with POST /auth/logout) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, or the token is invalid, expired or already revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    startDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "permissions": [
                 *         "content:read"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description At least one; duplicates collapse */
                    permissions?: components["schemas"]["Permission"][];
                    /** @description `owner/repo` names (at most 100; duplicates, compared case-insensitively, collapse to the first spelling), or `["*"]` alone for every repository */
                    repos?: string[];
                    /** @description Seconds the token lives after approval; default and maximum 90 days */
                    expiresIn?: number;
                };
            };
        };
        responses: {
            /** @description Show userCode, verificationUri and reviewUri to the user; poll no faster than interval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deviceCode": "3584d83530557fdd1f46af8289938c8ef79f9dc5",
                     *       "userCode": "WDJB-MJHT",
                     *       "verificationUri": "https://github.com/login/device",
                     *       "reviewUri": "https://cms.example.org/auth/device/review?code=WDJB-MJHT",
                     *       "expiresIn": 900,
                     *       "interval": 5
                     *     }
                     */
                    "application/json": components["schemas"]["DeviceCode"];
                };
            };
            /** @description A field of the body is invalid (the message names it): unknown permission, a repository name not owner/repo, "*" with names, more than 100 repositories, expiresIn over 90 days */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /** @description The provider could not start the device flow */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    reviewDevice: {
        parameters: {
            query: {
                /** @description The provider's authorization code */
                code: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The review page (no script; strict Content-Security-Policy) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["InvalidRequest"];
            /** @description No pending sign-in has this code (never issued, or expired) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pollDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DeviceTokenBody"];
        responses: {
            /** @description The state of the device code */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "token": "cms_AAAAAAAAAAAAAAAAAAAAAA.bm90LWEtcmVhbC1zaWduYXR1cmUtanVzdC1hbi1leGFtcGxl",
                     *       "expiresAt": "2025-04-01T09:30:00.000Z",
                     *       "username": "demo"
                     *     }
                     */
                    "application/json": components["schemas"]["DeviceTokenAnswer"];
                };
            };
            /** @description deviceCode missing, or the approving user already holds 50 active API tokens (the code is used up) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /** @description The provider failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listHostRepos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Repositories, every page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "fullName": "demo/blog",
                     *         "private": false,
                     *         "description": "The demo blog"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HostRepo"][];
                };
            };
            /** @description Not signed in, or the GitHub sign-in has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /** @description GitHub failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listRepos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Connections */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "fullName": "demo/blog",
                     *         "addedAt": "2025-01-01T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["RepoConnection"][];
                };
            };
            /** @description Not signed in, or the GitHub sign-in has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks repos:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    connectRepo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ConnectRepoBody"];
        responses: {
            /** @description Connected */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Not of the form owner/repo, or cms.config.json missing or invalid (the message names the first invalid path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description You see the repository on GitHub but lack write access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description "Repository not found, or you cannot access it, or the app is not installed on it" (the same text for each cause) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Already connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    disconnectRepo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disconnected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            /** @description You see the repository on GitHub but lack write access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not connected; or the one "not found, or you cannot access it, or the app is not installed" answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The config */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Demo blog",
                     *       "collections": {
                     *         "posts": {
                     *           "label": "Posts",
                     *           "directory": "content/posts",
                     *           "path": [
                     *             "{slug}.md",
                     *             "{slug}/index.md"
                     *           ],
                     *           "fields": [
                     *             {
                     *               "name": "title",
                     *               "type": "string",
                     *               "label": "Title",
                     *               "required": true
                     *             }
                     *           ]
                     *         }
                     *       },
                     *       "problems": {
                     *         "pages": "collections.pages.path[1]: must contain \"{slug}\" exactly once"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RepoConfig"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            /** @description Missing or invalid authentication */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description Not connected, or not visible to you on GitHub */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listContent: {
        parameters: {
            query?: {
                /** @description How many a page holds (the range is in the schema) */
                limit?: number;
                /** @description Where the next page starts: the cursor the previous page gave (a list's `Link` header, or `nextCursor`); opaque */
                cursor?: string;
                /** @description Lists: `path` (default), `slug`, or a top-level field the collection declares as `date`, `datetime` or `string` */
                sort?: string;
                /** @description Lists: `asc` (default) or `desc`; items without a value come last either way */
                order?: "asc" | "desc";
                /** @description Lists: only items whose slug or `title` contains this, case-insensitively (NFC, lower case) */
                q?: string;
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Items; a file that cannot be edited as fields carries a `problem` */
            200: {
                headers: {
                    /** @description How many entries of the collection directory are not listed (their reasons: GET …/content/{collection}/_skipped); 0 when none */
                    "X-Skipped-Files": number;
                    /** @description Paged lists: how many items match (`q`), on every page */
                    "X-Total-Count"?: number;
                    /** @description Paged lists: `<URL>; rel="next"`, the next page (the same query with its `cursor`); absent on the last page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "2024-02-14-hello-world",
                     *         "path": "content/posts/2024-02-14-hello-world.md",
                     *         "sha": "3f786850e387550fdab836ed7e6dc881de23001b",
                     *         "frontmatter": {
                     *           "title": "Hello, world",
                     *           "date": "2024-02-14",
                     *           "tags": [
                     *             "news"
                     *           ]
                     *         },
                     *         "body": "Our first post.\n",
                     *         "branch": "cms/posts/2024-02-14-hello-world",
                     *         "prNumber": 12
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ContentItem"][];
                };
            };
            /** @description Not a valid collection name (lowercase letters, digits, "-", "_"; at most 64 characters); a `locale` the collection does not have (its locales are named) or any on an untranslated collection; `limit` outside 1 to 1,000, a `sort` the collection has no date, datetime or string field of, an `order` other than asc or desc, a `q` over 200 characters, a cursor this list did not give; the whole array is more than one answer can carry (ask for pages with `limit` and follow the `cursor`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, or collection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            /** @description A sorted or filtered page, or the whole array, of a collection over 2,000 items needs its index, which is being built: `progress` says how many files of how many have been read; ask again after `Retry-After` seconds (the build goes on meanwhile). A page in path order never waits for it. Without `progress` or `Retry-After`: the service cannot answer now (its table), try again. GitHub's rate limit (primary or secondary) stopped a call this request needed: `{"error": "GitHub's rate limit was reached while …; retry after N s"}` with `Retry-After: N`, the seconds GitHub asked for (60 when it did not say). The call GitHub refused was not made; a write may have made earlier steps (a draft branch), so read before repeating one. Wait `Retry-After` seconds and send the request again. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The index of posts is being built (12,000 of 100,000 files read); try again in 5 s",
                     *       "progress": {
                     *         "done": 12000,
                     *         "total": 100000
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description What is happening and when to ask again, in words */
                        error: string;
                        /** @description While the index is being built: how far it has come */
                        progress?: {
                            /** @description Files read so far */
                            done: number;
                            /** @description Files of the collection */
                            total: number;
                        };
                    };
                };
            };
        };
    };
    listSkippedFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries not listed, in tree order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "path": "content/posts/notes.txt",
                     *         "reason": "not-markdown",
                     *         "message": "notes.txt is not a .md, .mdx or .markdown file"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SkippedFile"][];
                };
            };
            /** @description Not a valid collection name (lowercase letters, digits, "-", "_"; at most 64 characters) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, or collection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    getTranslationReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report; `complete: false` when part of it is still pending (ask again) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "collection": "docs",
                     *       "defaultLocale": "en",
                     *       "items": 25,
                     *       "complete": true,
                     *       "pending": 0,
                     *       "locales": {
                     *         "es": {
                     *           "current": 7,
                     *           "outdated": 2,
                     *           "missing": 16,
                     *           "pending": 0,
                     *           "outdatedSlugs": [
                     *             "helpers",
                     *             "writing"
                     *           ],
                     *           "missingSlugs": [
                     *             "commands",
                     *             "configuration"
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The collection */
                        collection: string;
                        /** @description The locale translations are made from and compared with */
                        defaultLocale: string;
                        /** @description How many items the default locale has */
                        items: number;
                        /** @description False when the request ran out of time before every status was read from git history: what it read is kept, so asking again continues */
                        complete: boolean;
                        /** @description How many statuses, over all locales, are not known yet (0 when `complete`) */
                        pending: number;
                        /** @description Each other locale of the collection, with its counts and lists */
                        locales: {
                            [key: string]: {
                                /** @description Items whose translation was changed after (or with) the default locale's file */
                                current: number;
                                /** @description Items whose default-locale file changed after the translation's last change, by git history on the default branch */
                                outdated: number;
                                /** @description Items of the default locale with no file in this locale */
                                missing: number;
                                /** @description Translations whose status is not known yet (a partial report, `complete: false`): counted in neither `current` nor `outdated` */
                                pending: number;
                                /** @description The outdated items, by slug in byte order: at most 1,000 (the count is whole) */
                                outdatedSlugs: string[];
                                /** @description The missing items, by slug in byte order: at most 1,000 (the count is whole) */
                                missingSlugs: string[];
                            };
                        };
                    };
                };
            };
            /** @description Not a valid collection name (lowercase letters, digits, "-", "_"; at most 64 characters); the collection is not translated (it has no `i18n`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, or collection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected; the collection has a problem of its own in it (named) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    getContent: {
        parameters: {
            query?: {
                locale?: string;
                ref?: string;
                /** @description Read from this branch instead of the default branch (e.g. the draft branch `cms/{collection}/{slug}`) */
                branch?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item; a file that cannot be edited as fields carries a `problem` and, for frontmatter that cannot be read, `rawFrontmatter` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "2024-02-14-hello-world",
                     *       "path": "content/posts/2024-02-14-hello-world.md",
                     *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b",
                     *       "frontmatter": {
                     *         "title": "Hello, world",
                     *         "date": "2024-02-14",
                     *         "tags": [
                     *           "news"
                     *         ]
                     *       },
                     *       "body": "Our first post.\n",
                     *       "branch": "cms/posts/2024-02-14-hello-world",
                     *       "prNumber": 12
                     *     }
                     */
                    "application/json": components["schemas"]["ContentItem"];
                };
            };
            /** @description Invalid slug or branch name; `ref` neither a full commit sha nor a branch name, or sent with `branch`; a `locale` the collection does not have (its locales are named) or any on an untranslated collection */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Item or collection not found (in that version, with `ref`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected; the collection has a problem of its own in it (named); two files give this slug (both named: rename or delete one) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    putContent: {
        parameters: {
            query?: {
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["PutContentBody"];
        responses: {
            /** @description Saved, or unchanged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sha": "8c3a9d1fe27e5b0a4f6c7d2e9b1a0c3d5e7f9a2b",
                     *       "path": "content/posts/2024-02-14-hello-world.md",
                     *       "branch": "cms/posts/2024-02-14-hello-world"
                     *     }
                     */
                    "application/json": components["schemas"]["PutContentResult"];
                };
            };
            /** @description Invalid slug, frontmatter (the field is named) or mode for a locked collection; a `locale` the collection does not have (its locales are named) or any on an untranslated collection; frontmatter over the limits (128 KiB, 4,000 keys and list items); a file with TOML or JSON frontmatter, a binary file or a symbolic link; a `path` that is not one of the collection's patterns (they are named), or on an update not the item's own */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description The app is not installed, or you lack write access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Collection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file changed (or exists, under any of the collection's patterns, on create): fetch the latest sha and retry; two files give this slug (both named: rename or delete one); the collection has a problem in cms.config.json (named); on create, the slug was just taken by someone else; for `mode: branch`, the draft was published or closed meanwhile (reload); the branch kept moving while saving (other saves landed first each time): try again; with `applyShared`, another locale's file of the item changed meanwhile (named; nothing written) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    deleteContent: {
        parameters: {
            query: {
                /** @description The current file sha, as read: the delete is refused with 409 if the file changed since */
                sha: string;
                mode?: "direct" | "branch";
                locale?: string;
                set?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (on the draft branch for `mode=branch`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description Deleted
                         * @constant
                         */
                        ok: true;
                        /** @description Only for `mode=branch`: the draft branch now holding the deletion; open or update its pull request */
                        branch?: string;
                    };
                };
            };
            /** @description sha missing or not a git object id; a mode the collection is not locked to; a symbolic link; a `locale` the collection does not have (its locales are named) or any on an untranslated collection */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Item or collection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file changed: fetch the latest sha and retry */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    renameContent: {
        parameters: {
            query?: {
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "hello-world",
                 *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b",
                 *       "mode": "direct"
                 *     }
                 */
                "application/json": {
                    /** @description The new strict slug (lowercase a-z, 0-9, ".", "_", "-"); never an existing item's */
                    to: string;
                    /** @description The item's current sha on the default branch (with `set`, the set's copy of the file) */
                    sha: string;
                    /**
                     * @description `direct`: one commit on the default branch; `branch`: one commit on the new slug's draft branch `cms/{collection}/{to}`
                     * @default direct
                     * @enum {string}
                     */
                    mode?: "direct" | "branch";
                    /** @description An addition: rename the item in this change set (POST /api/repos/{repo}/sets): one commit on its branch `cms/_sets/{name}`, the set's copy moved, published with the set; its review shows one entry for the new slug with `previousSlug`. Takes the place of `mode` (leave it out). 404 when the set does not exist; 409 when either slug has its own draft or is in another open set (named), the set is closed, or it is full (100 items); 400 for a page bundle (its other files would be foreign to a set: rename it as a single draft) */
                    set?: string;
                };
            };
        };
        responses: {
            /** @description Renamed (on the new slug's draft branch for `mode: branch`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "path": "content/posts/hello-world.md",
                     *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b",
                     *       "previousPath": "content/posts/2024-02-14-hello-world.md"
                     *     }
                     */
                    "application/json": {
                        /** @description The item's new path */
                        path: string;
                        /** @description The blob sha, unchanged: a rename moves the same bytes */
                        sha: string;
                        /** @description The path the item had */
                        previousPath: string;
                        /** @description Only for `mode: branch`: the draft branch holding the rename; open its pull request. With `set`: the set's branch */
                        branch?: string;
                        /** @description An addition, for a translated collection: each locale's file of the item that moved (the default locale's first), with its locale, old path and new path; locales without a file are not listed */
                        moved?: {
                            /** @description The locale of this file */
                            locale: string;
                            /** @description Its path before the rename */
                            previousPath: string;
                            /** @description Its path now */
                            path: string;
                        }[];
                    };
                };
            };
            /** @description `to` is not a strict slug (the message says why) or is the item's own slug; a mode the collection is not locked to; a symbolic link; a page bundle with folders nested more than one level deep (rename it in git); any `locale` (a translated item is renamed in all its locales at once); `set` with `mode: branch` (they are exclusive), or with a page bundle (rename it as a single draft) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Item or collection not found; no change set of the name `set` gives */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `sha` is stale, or the item changed meanwhile; `to` exists already, in any locale of a translated item (the file is named; for a page bundle, its folder) or was just taken (an item is never overwritten) or has a draft branch; the item has a draft branch of its own (publish or close that draft first); with `set`: either slug is in another open change set (named), the set is closed, or it is full (100 items); the branch kept moving (other commits landed first six times): try again. A commit that landed meanwhile in other files is no conflict: the rename is committed on top of it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    duplicateContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "hello-world-copy",
                 *       "mode": "direct"
                 *     }
                 */
                "application/json": {
                    /** @description The copy's strict slug; never an existing item's */
                    to: string;
                    /**
                     * @description `direct`: one commit on the default branch; `branch`: a new-item draft `cms/{collection}/{to}`
                     * @default direct
                     * @enum {string}
                     */
                    mode?: "direct" | "branch";
                    /** @description An addition: copy the item, as the change set has it, into this set (its branch `cms/_sets/{name}`) as a new item of it, published with the set. Takes the place of `mode` (leave it out). 404 when the set does not exist; 409 when `to` has its own draft or is in another open set (named), the set is closed, or it is full (100 items) */
                    set?: string;
                };
            };
        };
        responses: {
            /** @description Copied (on the copy's draft branch for `mode: branch`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "path": "content/posts/hello-world-copy.md",
                     *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b"
                     *     }
                     */
                    "application/json": {
                        /** @description The copy's path */
                        path: string;
                        /** @description The copy's blob sha: the source's, as the bytes are the same */
                        sha: string;
                        /** @description Only for `mode: branch`: the new item's draft branch; open its pull request. With `set`: the set's branch */
                        branch?: string;
                    };
                };
            };
            /** @description `to` is not a strict slug or is the item's own slug; a mode the collection is not locked to; a symbolic link; `set` with `mode: branch` (they are exclusive) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Item or collection not found; no change set of the name `set` gives */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `to` exists already or was just taken, or (for `mode: branch` or `set`) has a draft branch; with `set`: `to` is in another open change set (named), the set is closed, or it is full (100 items); the branch kept moving (other commits landed first six times): try again. A commit that landed meanwhile in other files is no conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    createTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "locale": "fr",
                 *       "mode": "direct"
                 *     }
                 */
                "application/json": {
                    /** @description The locale to create the translation in: one of the collection's, not its default (e.g. `fr`) */
                    locale: string;
                    /**
                     * @description `direct` (default) commits to the default branch; `branch` commits to the draft branch `cms/{collection}/{slug}`, which may hold the item in several locales; a locked collection takes only its own
                     * @default direct
                     * @enum {string}
                     */
                    mode?: "direct" | "branch";
                    /** @description The commit message, as PUT takes it; absent or blank: `Translate {collection}/{slug} into {locale}` */
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Created (on the draft branch for `mode: branch`): the translation, with `placeholders` */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "2024-02-14-hello-world",
                     *       "path": "content/posts/2024-02-14-hello-world.md",
                     *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b",
                     *       "frontmatter": {
                     *         "title": "Hello, world",
                     *         "date": "2024-02-14",
                     *         "tags": [
                     *           "news"
                     *         ]
                     *       },
                     *       "body": "Our first post.\n",
                     *       "branch": "cms/posts/2024-02-14-hello-world",
                     *       "prNumber": 12
                     *     }
                     */
                    "application/json": components["schemas"]["ContentItem"];
                };
            };
            /** @description Invalid slug; the collection is not translated; a `locale` the collection does not have (its locales are named) or its default locale; a mode the collection is not locked to; the default file is a symbolic link or not text */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description The app is not installed, or you lack write access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Collection not found, or the item has no file in the default locale */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The translation exists already (its path is named: open it with `?locale=`); the default file's frontmatter cannot be read; cms.config.json has a problem (named); for `mode: branch`, the draft was published or closed meanwhile (reload); the branch kept moving: try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    deleteContentItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "collection": "posts",
                 *       "items": [
                 *         {
                 *           "slug": "2024-02-14-hello-world",
                 *           "sha": "3f786850e387550fdab836ed7e6dc881de23001b"
                 *         }
                 *       ],
                 *       "mode": "direct"
                 *     }
                 */
                "application/json": {
                    /** @description The collection every item belongs to */
                    collection: string;
                    /** @description 1 to 100 distinct items, each with its current sha */
                    items: {
                        /** @description The item's slug */
                        slug: string;
                        /** @description Its current sha on the default branch */
                        sha: string;
                    }[];
                    /**
                     * @description `direct`: one commit on the default branch; `branch`: one draft branch `cms/{collection}/_deletions` holding every deletion
                     * @default direct
                     * @enum {string}
                     */
                    mode?: "direct" | "branch";
                };
            };
        };
        responses: {
            /** @description Deleted (on the deletions draft for `mode: branch`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "paths": [
                     *         "content/posts/2024-02-14-hello-world.md"
                     *       ],
                     *       "sha": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
                     *     }
                     */
                    "application/json": {
                        /** @description The deleted files' paths, in the order the items were sent */
                        paths: string[];
                        /** @description `direct` only: the commit that deleted them */
                        sha?: string;
                        /** @description `branch` only: the draft branch holding the deletions; open its pull request */
                        branch?: string;
                    };
                };
            };
            /** @description An invalid or repeated slug, no item or more than 100, an invalid collection name, a mode the collection is not locked to, a symbolic link */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Collection or one of the items not found (named; nothing deleted) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A sha is stale, or an item changed meanwhile (the item is named; nothing deleted); the collection's deletions draft exists already; the branch kept moving (other commits landed first six times): try again. A commit that landed meanwhile in other files is no conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    beatPresence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b"
                 *     }
                 */
                "application/json": {
                    /** @description The item's `sha` as the editor read it (or as its last save answered): the version being edited */
                    sha: string;
                    /** @description The branch the item was read from, when it is not the default branch (its draft branch) */
                    branch?: string;
                };
            };
        };
        responses: {
            /** @description Who else has the item open, and whether its file changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "others": [
                     *         {
                     *           "login": "alice",
                     *           "openedAt": "2025-01-02T10:00:00.000Z",
                     *           "seenAt": "2025-01-02T10:02:00.000Z",
                     *           "sha": "89e6c98d92887913cadf06b2adb97f26cde4849b"
                     *         }
                     *       ],
                     *       "file": {
                     *         "status": "changed",
                     *         "sha": "89e6c98d92887913cadf06b2adb97f26cde4849b"
                     *       },
                     *       "heartbeatSeconds": 30,
                     *       "expiresInSeconds": 90
                     *     }
                     */
                    "application/json": {
                        /** @description Everyone else with the item open, first opened first; never the caller */
                        others: {
                            /** @description Who: the GitHub login */
                            login: string;
                            /** @description When they opened the item (ISO 8601, UTC) */
                            openedAt: string;
                            /** @description Their last heartbeat (ISO 8601, UTC) */
                            seenAt: string;
                            /** @description The version they are editing */
                            sha: string;
                            /** @description The branch they read it from, when it is not the default branch */
                            branch?: string;
                        }[];
                        /** @description The item's file on the default branch, against the version this heartbeat named */
                        file: {
                            /**
                             * @description `unchanged`; `changed`: someone saved a newer version, so a save from this version will need merging; `removed`: the file is gone; `unknown`: not compared (a heartbeat on a draft branch, or a collection over 2,000 items)
                             * @enum {string}
                             */
                            status: "unchanged" | "changed" | "removed" | "unknown";
                            /** @description The current version with `changed` and `unchanged`; null otherwise */
                            sha: string | null;
                        };
                        /** @description Send the next heartbeat after this many seconds while the item is open */
                        heartbeatSeconds: number;
                        /** @description Without another heartbeat, the caller is no longer listed after this long */
                        expiresInSeconds: number;
                    };
                };
            };
            /** @description Not a valid collection name or slug; `sha` is not a git object id; `branch` is empty or over 255 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, not visible to you on GitHub, or collection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    leavePresence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No longer listed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Not a valid collection name or slug */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, not visible to you on GitHub, or collection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listPresence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who has which item open */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "editors": [
                     *         {
                     *           "slug": "2024-02-14-hello-world",
                     *           "login": "alice",
                     *           "openedAt": "2025-01-02T10:00:00.000Z",
                     *           "seenAt": "2025-01-02T10:02:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Who has which of the collection's items open, by slug; never the caller */
                        editors: {
                            /** @description The item */
                            slug: string;
                            /** @description Who: the GitHub login */
                            login: string;
                            /** @description When they opened it (ISO 8601, UTC) */
                            openedAt: string;
                            /** @description Their last heartbeat (ISO 8601, UTC) */
                            seenAt: string;
                        }[];
                    };
                };
            };
            /** @description Not a valid collection name */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, not visible to you on GitHub, or collection not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listPulls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Open drafts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "number": 12,
                     *         "title": "Edit 2024-02-14-hello-world",
                     *         "branch": "cms/posts/2024-02-14-hello-world",
                     *         "state": "open",
                     *         "merged": false,
                     *         "createdAt": "2025-01-02T09:30:00Z",
                     *         "updatedAt": "2025-01-02T10:00:00Z",
                     *         "collection": "posts",
                     *         "slug": "2024-02-14-hello-world",
                     *         "previewUrl": null,
                     *         "author": "demo",
                     *         "draft": false,
                     *         "mergeable": true,
                     *         "mergeStateStatus": "CLEAN",
                     *         "reviewDecision": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PullRequestSummary"][];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    createPull: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreatePullBody"];
        responses: {
            /** @description Opened */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "number": 12,
                     *       "htmlUrl": "https://github.com/demo/blog/pull/12",
                     *       "previewUrl": null
                     *     }
                     */
                    "application/json": components["schemas"]["CreatePullResult"];
                };
            };
            /** @description Not a CMS branch (cms/{collection}/{slug}), empty title, or no changes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Branch not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An open pull request already exists for the branch; the branch's collection is invalid in cms.config.json (the problem is named: fix it there, the other collections work meanwhile) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    getPull: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pull request */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "number": 12,
                     *       "title": "Edit 2024-02-14-hello-world",
                     *       "branch": "cms/posts/2024-02-14-hello-world",
                     *       "state": "open",
                     *       "merged": false,
                     *       "createdAt": "2025-01-02T09:30:00Z",
                     *       "updatedAt": "2025-01-02T10:00:00Z",
                     *       "collection": "posts",
                     *       "slug": "2024-02-14-hello-world",
                     *       "previewUrl": null,
                     *       "author": "demo",
                     *       "draft": false,
                     *       "mergeable": true,
                     *       "mergeStateStatus": "CLEAN",
                     *       "reviewDecision": null,
                     *       "body": "Edited in the CMS.",
                     *       "headSha": "8c3a9d1fe27e5b0a4f6c7d2e9b1a0c3d5e7f9a2b",
                     *       "baseSha": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
                     *       "htmlUrl": "https://github.com/demo/blog/pull/12",
                     *       "mergeBlockers": []
                     *     }
                     */
                    "application/json": components["schemas"]["PullRequestDetail"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    closePull: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Closed; `keptBranch` when a save landed on the draft meanwhile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description Closed
                         * @constant
                         */
                        ok: true;
                        /** @description An addition: a save that landed on the draft meanwhile, kept on its branch */
                        keptBranch?: {
                            /** @description The draft branch that was kept */
                            branch: string;
                            /** @description Where it points now */
                            headSha: string;
                            /** @description The draft pull request opened for the save; null when none could be opened */
                            number: number | null;
                            /** @description What happened, in words to show the person */
                            message: string;
                        };
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    getPullChecks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "headSha": "4f2a3c0d1e5b6a7980c1d2e3f4a5b6c7d8e9f0a1",
                     *       "checkRuns": [
                     *         {
                     *           "id": 41,
                     *           "name": "CMS content",
                     *           "state": "failure",
                     *           "title": "1 error",
                     *           "summary": "content/posts/hello.md: 1 error",
                     *           "url": "https://github.com/acme/site/runs/41",
                     *           "annotationsCount": 1,
                     *           "annotations": [
                     *             {
                     *               "path": "content/posts/hello.md",
                     *               "startLine": 3,
                     *               "endLine": 3,
                     *               "level": "failure",
                     *               "message": "tags: expected an array",
                     *               "title": "field",
                     *               "collection": "posts",
                     *               "slug": "hello",
                     *               "field": "tags"
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The draft's head commit the check runs are read on */
                        headSha: string;
                        /** @description The newest check run of each name on that commit, with its report */
                        checkRuns: {
                            /** @description GitHub's id of the check run */
                            id: number;
                            /** @description The check run's name (the service's own is `CMS content`) */
                            name: string;
                            /**
                             * @description queued or in_progress while it runs, then its conclusion: success, failure, neutral, skipped, cancelled, timed_out, action_required or stale (a client may treat a value it does not know as neutral)
                             * @enum {string}
                             */
                            state: "queued" | "in_progress" | "success" | "failure" | "neutral" | "skipped" | "cancelled" | "timed_out" | "action_required" | "stale";
                            /** @description The report's title; null when the run has written none */
                            title: string | null;
                            /** @description The report's summary (markdown); null when the run has written none */
                            summary: string | null;
                            /** @description Where to see it: its details URL, else its page on GitHub; null when it gives none */
                            url: string | null;
                            /** @description How many annotations the run holds (`annotations` carries the first 50) */
                            annotationsCount: number;
                            /** @description Its first 50 annotations, in the order the run wrote them */
                            annotations: {
                                /** @description The file, from the repository root */
                                path: string;
                                /** @description The first line it concerns (1-based) */
                                startLine: number;
                                /** @description The last line it concerns */
                                endLine: number;
                                /**
                                 * @description GitHub's annotation level: notice, warning or failure
                                 * @enum {string}
                                 */
                                level: "notice" | "warning" | "failure";
                                /** @description What the check says about those lines */
                                message: string;
                                /** @description The annotation's title; null when it has none */
                                title: string | null;
                                /** @description Present when the file is an item of a collection: the item's collection */
                                collection?: string;
                                /** @description Present with `collection`: the item's slug */
                                slug?: string;
                                /** @description Present when the line is one of the item's frontmatter fields (at the draft's head): the top-level field, as the field-by-field diff names it */
                                field?: string;
                                /** @description true when the line is in the item’s body, after its frontmatter */
                                inBody?: boolean;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    getPullDiff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Diffs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "collection": "posts",
                     *         "slug": "2024-02-14-hello-world",
                     *         "type": "modified",
                     *         "frontmatter": {
                     *           "fields": [
                     *             {
                     *               "name": "title",
                     *               "oldValue": "Hello",
                     *               "newValue": "Hello, world",
                     *               "changed": true
                     *             },
                     *             {
                     *               "name": "date",
                     *               "oldValue": "2024-02-14",
                     *               "newValue": "2024-02-14",
                     *               "changed": false
                     *             }
                     *           ]
                     *         },
                     *         "body": {
                     *           "oldBody": "Our first post.\n",
                     *           "newBody": "Our first post, edited.\n"
                     *         },
                     *         "path": "content/posts/2024-02-14-hello-world.md"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ContentDiff"][];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    mergePull: {
        parameters: {
            query?: {
                /** @description The current file sha, as read: the delete is refused with 409 if the file changed since */
                sha?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Merged; `keptBranch` when a save landed on the draft after the merge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sha": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
                     *       "merged": true
                     *     }
                     */
                    "application/json": components["schemas"]["MergeResult"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not merged; `reason` is a code and `error` says it in words: "conflicts"; "cross-repository", "base-not-default" or "foreign-files" (not a genuine draft; nothing merged, no branch deleted); additions a client may treat as any other reason: "already-merged" (by another publish or on GitHub), "closed", "head-moved" (a save landed after the read: reload and publish again), "reviews", "changes-requested", "checks-pending", "checks-failing" or "merge-method" (what branch protection still asks, the first of `publishBlockers`), "refused" (another refusal of GitHub's) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "merged": false,
                     *       "reason": "conflicts",
                     *       "error": "The draft conflicts with the default branch: update or rebase it, then publish again"
                     *     }
                     */
                    "application/json": components["schemas"]["MergeConflict"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    updatePull: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to date */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Real conflicts (reason "conflicts"; `fields` names the frontmatter fields, and `body`, in conflict), or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files", with `error`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "reason": "conflicts",
                     *       "fields": [
                     *         "title"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateConflict"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    rebasePull: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rebased */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Not a CMS branch */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files") */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Pull request #12 is not open"
                     *     }
                     */
                    "application/json": components["schemas"]["RebaseRefusal"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    markPullReady: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready for review (`draft` false) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "draft": false
                     *     }
                     */
                    "application/json": components["schemas"]["DraftStateResult"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files") */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Pull request #12 is not open"
                     *     }
                     */
                    "application/json": components["schemas"]["RebaseRefusal"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    markPullInProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description In progress again (`draft` true) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "draft": false
                     *     }
                     */
                    "application/json": components["schemas"]["DraftStateResult"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files") */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Pull request #12 is not open"
                     *     }
                     */
                    "application/json": components["schemas"]["RebaseRefusal"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Comments, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "body": "Looks good to me.",
                     *         "author": "alice",
                     *         "avatarUrl": "https://avatars.githubusercontent.com/u/1",
                     *         "createdAt": "2025-01-02T10:15:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PrComment"][];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    createComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreateCommentBody"];
        responses: {
            /** @description The new comment */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "body": "Looks good to me.",
                     *       "author": "alice",
                     *       "avatarUrl": "https://avatars.githubusercontent.com/u/1",
                     *       "createdAt": "2025-01-02T10:15:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PrComment"];
                };
            };
            /** @description Empty comment body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    createReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "APPROVE"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description APPROVE, REQUEST_CHANGES or COMMENT
                     * @enum {string}
                     */
                    event: "APPROVE" | "REQUEST_CHANGES" | "COMMENT";
                    /** @description What the review says; needed for REQUEST_CHANGES and COMMENT */
                    body?: string;
                };
            };
        };
        responses: {
            /** @description The review */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "author": "alice",
                     *       "state": "APPROVED",
                     *       "body": "",
                     *       "submittedAt": "2025-01-02T10:20:00Z",
                     *       "htmlUrl": "https://github.com/demo/blog/pull/12#pullrequestreview-1"
                     *     }
                     */
                    "application/json": {
                        /** @description The reviewer's GitHub login */
                        author: string;
                        /** @description GitHub's review state: APPROVED, CHANGES_REQUESTED or COMMENTED */
                        state: string;
                        /** @description What the review says */
                        body: string;
                        /** @description When it was submitted (ISO 8601) */
                        submittedAt: string | null;
                        /** @description The review on GitHub */
                        htmlUrl: string;
                    };
                };
            };
            /** @description Unknown event, an empty body for REQUEST_CHANGES or COMMENT, or GitHub's refusal (e.g. approving your own pull request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The pull request is not open */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    requestReviewers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description The pull request number
                 * @example 1
                 */
                number: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reviewers": [
                 *         "alice"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description GitHub logins, 1 to 15 */
                    reviewers: string[];
                };
            };
        };
        responses: {
            /** @description Requested */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "requested": [
                     *         "alice"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Everyone whose review is requested now */
                        requested: string[];
                    };
                };
            };
            /** @description No reviewer, more than 15, a malformed login, or GitHub's refusal (not a collaborator, the author) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such pull request, or not a CMS draft */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The pull request is not open */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listMedia: {
        parameters: {
            query?: {
                collection?: string;
                ref?: string;
                /** @description Where the next page starts: the cursor the previous page gave (a list's `Link` header, or `nextCursor`); opaque */
                cursor?: string;
                /** @description How many a page holds (the range is in the schema) */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page; `nextCursor` is null on the last */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "directory": "static/images",
                     *       "publicPath": "/images",
                     *       "files": [
                     *         {
                     *           "name": "cover.png",
                     *           "path": "static/images/cover.png",
                     *           "publicPath": "/images/cover.png",
                     *           "size": 48213,
                     *           "type": "image/png",
                     *           "sha": "3f786850e387550fdab836ed7e6dc881de23001b"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": {
                        /** @description The media directory listed and the path the site serves it at */
                        directory: string;
                        /** @description Where the site serves the directory (`/images`) */
                        publicPath: string;
                        /** @description The files of this page, sorted by name */
                        files: {
                            /** @description The file name */
                            name: string;
                            /** @description In the repository: `static/images/cover.png` */
                            path: string;
                            /** @description Where the site serves it: what an image field stores (`/images/cover.png`) */
                            publicPath: string;
                            /** @description Bytes */
                            size: number;
                            /** @description Guessed from the extension for listings (no bytes are read); uploads and reads check the bytes */
                            type: string;
                            /** @description The blob sha: send it as `replace.sha` or to DELETE */
                            sha: string;
                        }[];
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description A limit outside 1 to 100, a cursor this list did not give, a ref that is not a branch name, an invalid collection name */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, collection not found, or no media directory configured */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    commitMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "uploadId": "u_5b0c1d2e3f4a",
                 *       "name": "Cover.PNG"
                 *     }
                 */
                "application/json": {
                    /** @description From the ticket of POST …/media/uploads */
                    uploadId: string;
                    /** @description The file name; slugged (`My Photo.JPG` → `my-photo.jpg`) */
                    name: string;
                    /** @description The collection whose media directory receives the file; the repository's `media` when absent */
                    collection?: string;
                    /** @description Commit to this item's draft branch instead of the default branch (its collection's media directory) */
                    draft?: {
                        /** @description The item's collection */
                        collection: string;
                        /** @description The item's slug: the upload goes to its draft branch `cms/{collection}/{slug}` (created from the default branch when missing) */
                        slug: string;
                    };
                    /** @description An addition: commit to this change set's branch `cms/_sets/{name}` instead (the media directory `collection` names, else the repository's), published with the set. The set publishes it only once one of its items references it (else `foreign-files`). Takes the place of `draft` (leave it out). 404 when the set does not exist; 409 when it is closed or full (100 items) */
                    set?: string;
                    /** @description Replace the file of that name, guarded by its current sha; without it an existing name is a 409 */
                    replace?: {
                        /** @description The current blob sha of the file to replace */
                        sha: string;
                    };
                };
            };
        };
        responses: {
            /** @description Committed; put `publicPath` in an image or file field */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "path": "static/images/cover.png",
                     *       "publicPath": "/images/cover.png",
                     *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b",
                     *       "size": 48213,
                     *       "contentType": "image/png",
                     *       "commit": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
                     *     }
                     */
                    "application/json": {
                        /** @description The file's path in the repository */
                        path: string;
                        /** @description What an image or file field stores */
                        publicPath: string;
                        /** @description The new blob sha */
                        sha: string;
                        /** @description Bytes */
                        size: number;
                        /** @description From the bytes */
                        contentType: string;
                        /** @description The commit that added it */
                        commit: string;
                        /** @description The draft branch the commit went to, for `draft` uploads; the set's for `set` */
                        branch?: string;
                    };
                };
            };
            /** @description A bad name; bytes of no accepted type, or of another type than the name's extension; an SVG that is not plain drawing (the message names what it holds and its line, e.g. a script element on line 3); no media directory; an invalid draft slug; `set` with `draft` (they are exclusive) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, or collection not found; no change set of the name `set` gives */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name exists (the message gives its path and sha) or was just uploaded by someone else, `replace.sha` is stale or names nothing; the change set `set` is closed or full (100 items); the branch kept moving (other commits landed first six times): try again. A commit that landed meanwhile in other files is no conflict: the upload is committed on top of it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No staged bytes under this uploadId: never sent, expired, already committed, or issued to someone else */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    beginMediaUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Cover.PNG",
                 *       "size": 48213,
                 *       "contentType": "image/png"
                 *     }
                 */
                "application/json": {
                    /** @description The file name as the person chose it; checked and slugged as the commit will be */
                    name: string;
                    /** @description The exact number of bytes that will be PUT (1 to 25 MiB) */
                    size: number;
                    /** @description What the client believes it is; the commit checks the bytes themselves */
                    contentType: string;
                    /** @description A change set the file is for (POST /api/repos/{repo}/sets): checked now (404 when it does not exist), so no bytes are sent for a set that is not there; send it again with the commit, which decides where the file lands */
                    set?: string;
                };
            };
        };
        responses: {
            /** @description Where to PUT the bytes */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uploadId": "u_5b0c1d2e3f4a",
                     *       "url": "https://uploads.example.org/staging/u_5b0c1d2e3f4a?signature=…",
                     *       "method": "PUT",
                     *       "headers": {
                     *         "content-type": "image/png"
                     *       },
                     *       "expiresAt": "2025-01-02T10:15:00Z",
                     *       "maxBytes": 26214400
                     *     }
                     */
                    "application/json": {
                        /** @description Names the staged bytes when committing them (POST …/media) */
                        uploadId: string;
                        /** @description PUT exactly `size` bytes here, with `headers`, before `expiresAt`; then POST …/media with `uploadId` */
                        url: string;
                        /**
                         * @description Always PUT
                         * @constant
                         */
                        method: "PUT";
                        /** @description Headers the PUT must carry, as given */
                        headers: {
                            [key: string]: string;
                        };
                        /** @description When `url` stops accepting the bytes (ISO 8601; 15 minutes) */
                        expiresAt: string;
                        /** @description The largest upload accepted, in bytes */
                        maxBytes: number;
                    };
                };
            };
            /** @description An empty name, one with "/", "\\", control characters or no accepted extension; a size of 0; no media directory configured; a `set` that is not a set name */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, or not visible to you on GitHub; no change set of the name `set` gives */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description size is over the 25 MiB limit (the message names it) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    getMediaFile: {
        parameters: {
            query: {
                path: string;
                ref?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes, typed by their Content-Type: the type read from them, application/octet-stream for a file of no accepted type */
            200: {
                headers: {
                    /** @description The blob sha, quoted: send it back in If-None-Match */
                    ETag: string;
                    /** @description inline (raster images, PDF, video) or attachment (SVG, anything else), with the file name */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": unknown;
                    "image/jpeg": unknown;
                    "image/gif": unknown;
                    "image/webp": unknown;
                    "image/avif": unknown;
                    "image/svg+xml": unknown;
                    "application/pdf": unknown;
                    "video/mp4": unknown;
                    "video/webm": unknown;
                    "application/octet-stream": unknown;
                };
            };
            /** @description Larger than 4 MiB: the bytes are at Location, a signed URL valid 5 minutes */
            302: {
                headers: {
                    /** @description Where the browser goes next */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified: If-None-Match holds the current ETag; no body */
            304: {
                headers: {
                    /** @description The blob sha, quoted (the one If-None-Match held) */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description path not a file path inside the repository (empty; a leading "/"; "\\"; an empty, "." or ".." segment; a percent-encoded ".", "/" or "\\"; control characters or NUL; inside .git), refused before any GitHub round trip; or ref not a branch name */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Not inside a media directory of cms.config.json (whether or not the file exists), or no such file */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    deleteMediaFile: {
        parameters: {
            query: {
                path: string;
                /** @description The current file sha, as read: the delete is refused with 409 if the file changed since */
                sha: string;
                ref?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "commit": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description Deleted
                         * @constant
                         */
                        ok: true;
                        /** @description The commit that deleted it */
                        commit: string;
                        /** @description The draft branch the deletion went to, when `ref` named one */
                        branch?: string;
                    };
                };
            };
            /** @description path not a file path inside the repository (as for reading it; refused before any GitHub round trip), sha not a git object id, ref not a draft branch */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Not inside a media directory, no such file, or the draft branch does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file changed (its sha is stale, or another commit changed it meanwhile); the branch kept moving (other commits landed first six times): try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "schedules": [
                     *         {
                     *           "id": "sch_01JH2K3M4N5P6Q7R8S9T",
                     *           "action": "publish",
                     *           "pull": 12,
                     *           "at": "2026-12-01T08:00:00.000Z",
                     *           "state": "pending",
                     *           "createdBy": "demo",
                     *           "createdAt": "2025-01-02T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Soonest first */
                        schedules: {
                            /** @description The schedule's id */
                            id: string;
                            /**
                             * @description `publish` a draft, or `unpublish` an item
                             * @enum {string}
                             */
                            action: "publish" | "unpublish";
                            /** @description publish: the pull request */
                            pull?: number;
                            /** @description unpublish: the item's collection */
                            collection?: string;
                            /** @description unpublish: the item's slug */
                            slug?: string;
                            /**
                             * @description unpublish: `delete` the file or set `draft: true`
                             * @enum {string}
                             */
                            mode?: "delete" | "draft";
                            /** @description When it runs, UTC (ISO 8601) */
                            at: string;
                            /**
                             * @description pending, running, done, failed, cancelled, or ended (the pull request was merged or closed meanwhile)
                             * @enum {string}
                             */
                            state: "pending" | "running" | "done" | "failed" | "cancelled" | "ended";
                            /** @description Who set it (its GitHub login); the action runs with their access, and only they or an admin of the repository may move or cancel it */
                            createdBy: string;
                            /** @description When it was set (ISO 8601) */
                            createdAt: string;
                            /** @description When it ran or ended: the commit it made (`sha`), or why it failed or ended (`error`) */
                            finishedAt?: string;
                            /** @description done: the commit it made */
                            sha?: string;
                            /** @description failed or ended: why */
                            error?: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    createSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "publish",
                 *       "pull": 12,
                 *       "at": "2026-12-01T09:00:00+01:00"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Publish a draft
                     * @constant
                     */
                    action: "publish";
                    /** @description The draft pull request to merge (squash, as Publish does) */
                    pull: number;
                    /** @description When: an ISO date-time with an offset, one minute to 366 days ahead */
                    at: string;
                } | {
                    /**
                     * @description Unpublish an item of the default branch
                     * @constant
                     */
                    action: "unpublish";
                    /** @description The item's collection */
                    collection: string;
                    /** @description The item's slug */
                    slug: string;
                    /**
                     * @description `delete` removes the file; `draft` sets `draft: true` in its frontmatter (what Hugo, Jekyll and Astro starters read)
                     * @enum {string}
                     */
                    mode: "delete" | "draft";
                    /** @description When: an ISO date-time with an offset, one minute to 366 days ahead */
                    at: string;
                };
            };
        };
        responses: {
            /** @description Scheduled */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sch_01JH2K3M4N5P6Q7R8S9T",
                     *       "action": "publish",
                     *       "pull": 12,
                     *       "at": "2026-12-01T08:00:00.000Z",
                     *       "state": "pending",
                     *       "createdBy": "demo",
                     *       "createdAt": "2025-01-02T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description The schedule's id */
                        id: string;
                        /**
                         * @description `publish` a draft, or `unpublish` an item
                         * @enum {string}
                         */
                        action: "publish" | "unpublish";
                        /** @description publish: the pull request */
                        pull?: number;
                        /** @description unpublish: the item's collection */
                        collection?: string;
                        /** @description unpublish: the item's slug */
                        slug?: string;
                        /**
                         * @description unpublish: `delete` the file or set `draft: true`
                         * @enum {string}
                         */
                        mode?: "delete" | "draft";
                        /** @description When it runs, UTC (ISO 8601) */
                        at: string;
                        /**
                         * @description pending, running, done, failed, cancelled, or ended (the pull request was merged or closed meanwhile)
                         * @enum {string}
                         */
                        state: "pending" | "running" | "done" | "failed" | "cancelled" | "ended";
                        /** @description Who set it (its GitHub login); the action runs with their access, and only they or an admin of the repository may move or cancel it */
                        createdBy: string;
                        /** @description When it was set (ISO 8601) */
                        createdAt: string;
                        /** @description When it ran or ended: the commit it made (`sha`), or why it failed or ended (`error`) */
                        finishedAt?: string;
                        /** @description done: the commit it made */
                        sha?: string;
                        /** @description failed or ended: why */
                        error?: string;
                    };
                };
            };
            /** @description A time that is not an ISO date-time with an offset, less than a minute or more than 366 days ahead; an unknown action or mode; an invalid collection or slug */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description No write permission on the repository on GitHub ("Scheduling the publishing of owner/name needs write (or maintain or admin) permission on GitHub; you have read"), or an API token without content:delete asking for an unpublish by deletion */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Repository not connected; pull request, collection or item not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The pull request is closed, merged, not a genuine draft, or already has a pending publish */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    reschedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /** @description The schedule's id (`id` of the list) */
                scheduleId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "at": "2026-12-02T09:00:00+01:00"
                 *     }
                 */
                "application/json": {
                    /** @description The new time: an ISO date-time with an offset, one minute to 366 days ahead */
                    at: string;
                };
            };
        };
        responses: {
            /** @description Moved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sch_01JH2K3M4N5P6Q7R8S9T",
                     *       "action": "publish",
                     *       "pull": 12,
                     *       "at": "2026-12-01T08:00:00.000Z",
                     *       "state": "pending",
                     *       "createdBy": "demo",
                     *       "createdAt": "2025-01-02T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description The schedule's id */
                        id: string;
                        /**
                         * @description `publish` a draft, or `unpublish` an item
                         * @enum {string}
                         */
                        action: "publish" | "unpublish";
                        /** @description publish: the pull request */
                        pull?: number;
                        /** @description unpublish: the item's collection */
                        collection?: string;
                        /** @description unpublish: the item's slug */
                        slug?: string;
                        /**
                         * @description unpublish: `delete` the file or set `draft: true`
                         * @enum {string}
                         */
                        mode?: "delete" | "draft";
                        /** @description When it runs, UTC (ISO 8601) */
                        at: string;
                        /**
                         * @description pending, running, done, failed, cancelled, or ended (the pull request was merged or closed meanwhile)
                         * @enum {string}
                         */
                        state: "pending" | "running" | "done" | "failed" | "cancelled" | "ended";
                        /** @description Who set it (its GitHub login); the action runs with their access, and only they or an admin of the repository may move or cancel it */
                        createdBy: string;
                        /** @description When it was set (ISO 8601) */
                        createdAt: string;
                        /** @description When it ran or ended: the commit it made (`sha`), or why it failed or ended (`error`) */
                        finishedAt?: string;
                        /** @description done: the commit it made */
                        sha?: string;
                        /** @description failed or ended: why */
                        error?: string;
                    };
                };
            };
            /** @description A time that is not an ISO date-time with an offset, less than a minute or more than 366 days ahead */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description Set by someone else, and you are no admin of the repository on GitHub ("Schedule <id> was set by alice: only they or an admin of owner/name on GitHub may move or cancel it; you have write"), or no write permission on GitHub */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such schedule in this repository */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The schedule is not pending (it ran, failed, ended or was cancelled), or changed meanwhile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    cancelSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /** @description The schedule's id (`id` of the list) */
                scheduleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled: the schedule, now `cancelled` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sch_01JH2K3M4N5P6Q7R8S9T",
                     *       "action": "publish",
                     *       "pull": 12,
                     *       "at": "2026-12-01T08:00:00.000Z",
                     *       "state": "pending",
                     *       "createdBy": "demo",
                     *       "createdAt": "2025-01-02T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description The schedule's id */
                        id: string;
                        /**
                         * @description `publish` a draft, or `unpublish` an item
                         * @enum {string}
                         */
                        action: "publish" | "unpublish";
                        /** @description publish: the pull request */
                        pull?: number;
                        /** @description unpublish: the item's collection */
                        collection?: string;
                        /** @description unpublish: the item's slug */
                        slug?: string;
                        /**
                         * @description unpublish: `delete` the file or set `draft: true`
                         * @enum {string}
                         */
                        mode?: "delete" | "draft";
                        /** @description When it runs, UTC (ISO 8601) */
                        at: string;
                        /**
                         * @description pending, running, done, failed, cancelled, or ended (the pull request was merged or closed meanwhile)
                         * @enum {string}
                         */
                        state: "pending" | "running" | "done" | "failed" | "cancelled" | "ended";
                        /** @description Who set it (its GitHub login); the action runs with their access, and only they or an admin of the repository may move or cancel it */
                        createdBy: string;
                        /** @description When it was set (ISO 8601) */
                        createdAt: string;
                        /** @description When it ran or ended: the commit it made (`sha`), or why it failed or ended (`error`) */
                        finishedAt?: string;
                        /** @description done: the commit it made */
                        sha?: string;
                        /** @description failed or ended: why */
                        error?: string;
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            /** @description Set by someone else, and you are no admin of the repository on GitHub ("Schedule <id> was set by alice: only they or an admin of owner/name on GitHub may move or cancel it; you have write"), or no write permission on GitHub */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such schedule in this repository */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The schedule is not pending, or changed meanwhile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listRepoActivity: {
        parameters: {
            query?: {
                /** @description How many a page holds (the range is in the schema) */
                limit?: number;
                /** @description Where the next page starts: the cursor the previous page gave (a list's `Link` header, or `nextCursor`); opaque */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page; `nextCursor` is null on the last */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "records": [
                     *         {
                     *           "at": "2025-01-02T10:00:00.000Z",
                     *           "action": "putContent",
                     *           "request": "PUT /api/repos/demo%2Fblog/content/posts/2024-02-14-hello-world",
                     *           "status": 200,
                     *           "actor": {
                     *             "login": "demo",
                     *             "via": "token",
                     *             "tokenId": "AAAAAAAAAAAAAAAAAAAAAA"
                     *           },
                     *           "repo": "demo/blog",
                     *           "target": {
                     *             "collection": "posts",
                     *             "slug": "2024-02-14-hello-world"
                     *           },
                     *           "result": {
                     *             "sha": "3f786850e387550fdab836ed7e6dc881de23001b"
                     *           },
                     *           "requestId": "c0ffee00-1234-4abc-8def-0123456789ab"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": {
                        /** @description Newest first */
                        records: {
                            /** @description When the request was answered (ISO 8601, UTC) */
                            at: string;
                            /** @description The route table's id of what was done: putContent, mergePull, createToken, … */
                            action: string;
                            /** @description Method and path as requested (no query string) */
                            request: string;
                            /** @description The answer's status: 2xx done, 4xx refused (nothing changed), 5xx failed */
                            status: number;
                            /** @description Who did it, and how */
                            actor: {
                                /** @description Who: the GitHub login */
                                login: string;
                                /**
                                 * @description `session` (the editor) or `token` (an API token, named by `tokenId`) or `schedule` (a scheduled run, as its setter)
                                 * @enum {string}
                                 */
                                via: "session" | "token" | "schedule";
                                /** @description With `token`: which API token */
                                tokenId?: string;
                            };
                            /** @description The repository, when the action was on one */
                            repo?: string;
                            /** @description What the action named: collection, slug, pull request number, schedule or token id */
                            target?: {
                                [key: string]: string;
                            };
                            /** @description What it made, from the answer: a commit or blob sha, a pull request number, a path */
                            result?: {
                                [key: string]: string;
                            };
                            /** @description The request id, to find its line in the request log */
                            requestId: string;
                        }[];
                        /** @description Pass as `cursor` for the next (older) page; null on the last */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description A limit outside 1 to 100, or a cursor this list did not give */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected, or not visible to you on GitHub */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listMyActivity: {
        parameters: {
            query?: {
                /** @description How many a page holds (the range is in the schema) */
                limit?: number;
                /** @description Where the next page starts: the cursor the previous page gave (a list's `Link` header, or `nextCursor`); opaque */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page; `nextCursor` is null on the last */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "records": [
                     *         {
                     *           "at": "2025-01-02T10:00:00.000Z",
                     *           "action": "putContent",
                     *           "request": "PUT /api/repos/demo%2Fblog/content/posts/2024-02-14-hello-world",
                     *           "status": 200,
                     *           "actor": {
                     *             "login": "demo",
                     *             "via": "token",
                     *             "tokenId": "AAAAAAAAAAAAAAAAAAAAAA"
                     *           },
                     *           "repo": "demo/blog",
                     *           "target": {
                     *             "collection": "posts",
                     *             "slug": "2024-02-14-hello-world"
                     *           },
                     *           "result": {
                     *             "sha": "3f786850e387550fdab836ed7e6dc881de23001b"
                     *           },
                     *           "requestId": "c0ffee00-1234-4abc-8def-0123456789ab"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": {
                        /** @description Newest first */
                        records: {
                            /** @description When the request was answered (ISO 8601, UTC) */
                            at: string;
                            /** @description The route table's id of what was done: putContent, mergePull, createToken, … */
                            action: string;
                            /** @description Method and path as requested (no query string) */
                            request: string;
                            /** @description The answer's status: 2xx done, 4xx refused (nothing changed), 5xx failed */
                            status: number;
                            /** @description Who did it, and how */
                            actor: {
                                /** @description Who: the GitHub login */
                                login: string;
                                /**
                                 * @description `session` (the editor) or `token` (an API token, named by `tokenId`) or `schedule` (a scheduled run, as its setter)
                                 * @enum {string}
                                 */
                                via: "session" | "token" | "schedule";
                                /** @description With `token`: which API token */
                                tokenId?: string;
                            };
                            /** @description The repository, when the action was on one */
                            repo?: string;
                            /** @description What the action named: collection, slug, pull request number, schedule or token id */
                            target?: {
                                [key: string]: string;
                            };
                            /** @description What it made, from the answer: a commit or blob sha, a pull request number, a path */
                            result?: {
                                [key: string]: string;
                            };
                            /** @description The request id, to find its line in the request log */
                            requestId: string;
                        }[];
                        /** @description Pass as `cursor` for the next (older) page; null on the last */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description A limit outside 1 to 100, or a cursor this list did not give */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriptions, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhooks": [
                     *         {
                     *           "id": "wh_3c4d5e6f7a8b",
                     *           "url": "https://ci.example.org/hooks/cms",
                     *           "events": [
                     *             "content.saved",
                     *             "pull.merged"
                     *           ],
                     *           "description": "Rebuild the site",
                     *           "createdAt": "2025-01-02T10:00:00.000Z",
                     *           "createdBy": "demo"
                     *         }
                     *       ],
                     *       "githubPushes": {
                     *         "lastDeliveryAt": "2025-01-02T09:58:00.000Z",
                     *         "inUse": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The subscriptions, oldest first (never their secrets) */
                        webhooks: {
                            /** @description The subscription's id */
                            id: string;
                            /** @description Where deliveries are POSTed */
                            url: string;
                            /** @description The events it receives */
                            events: string[];
                            /** @description The note given when it was made */
                            description?: string;
                            /** @description When it was made (ISO 8601) */
                            createdAt: string;
                            /** @description Who made it (GitHub login) */
                            createdBy: string;
                        }[];
                        /** @description GitHub's push deliveries to this service for the repository */
                        githubPushes: {
                            /** @description When GitHub last delivered a push for this repository; null when none came */
                            lastDeliveryAt: string | null;
                            /** @description Whether lists answer from the service's records between pushes (false before the first delivery, and after a push no delivery announced) */
                            inUse: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            /** @description Your role on the repository on GitHub is below maintain, e.g. "Managing webhooks of owner/name needs admin or maintain permission on GitHub; you have write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Repository not connected, or not visible to you on GitHub */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://ci.example.org/hooks/cms",
                 *       "events": [
                 *         "content.saved",
                 *         "pull.merged"
                 *       ],
                 *       "description": "Rebuild the site"
                 *     }
                 */
                "application/json": {
                    /** @description Where deliveries are POSTed: https (http only to a loopback host, in local mode); private addresses are refused unless the deployment allows them */
                    url: string;
                    /** @description What to deliver: one or more of the event names */
                    events: ("content.saved" | "content.deleted" | "content.renamed" | "pull.opened" | "pull.updated" | "pull.merged" | "pull.closed" | "pull.commented" | "schedule.created" | "schedule.changed" | "schedule.ran" | "media.uploaded" | "media.deleted")[];
                    /** @description A note for people (what receives this) */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Subscribed; `secret` is shown this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_3c4d5e6f7a8b",
                     *       "url": "https://ci.example.org/hooks/cms",
                     *       "events": [
                     *         "content.saved",
                     *         "pull.merged"
                     *       ],
                     *       "description": "Rebuild the site",
                     *       "createdAt": "2025-01-02T10:00:00.000Z",
                     *       "createdBy": "demo",
                     *       "secret": "whsec_not-a-real-secret-just-an-example"
                     *     }
                     */
                    "application/json": {
                        /** @description The subscription's id */
                        id: string;
                        /** @description Where deliveries are POSTed */
                        url: string;
                        /** @description The events it receives */
                        events: string[];
                        /** @description The note given when it was made */
                        description?: string;
                        /** @description When it was made (ISO 8601) */
                        createdAt: string;
                        /** @description Who made it (GitHub login) */
                        createdBy: string;
                        /** @description The signing secret, shown this once: keep it in the receiver; it is stored encrypted and never shown again */
                        secret: string;
                    };
                };
            };
            /** @description A URL that is not https, carries credentials, does not resolve or resolves to a private, loopback or link-local address; an unknown event */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description Your role on the repository on GitHub is below maintain, e.g. "Managing webhooks of owner/name needs admin or maintain permission on GitHub; you have write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Repository not connected, or not visible to you on GitHub */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The repository already has 10 webhooks */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /** @description The webhook subscription's id (`id` of the list) */
                hookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed: the subscription as it was */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_3c4d5e6f7a8b",
                     *       "url": "https://ci.example.org/hooks/cms",
                     *       "events": [
                     *         "content.saved",
                     *         "pull.merged"
                     *       ],
                     *       "description": "Rebuild the site",
                     *       "createdAt": "2025-01-02T10:00:00.000Z",
                     *       "createdBy": "demo"
                     *     }
                     */
                    "application/json": {
                        /** @description The subscription's id */
                        id: string;
                        /** @description Where deliveries are POSTed */
                        url: string;
                        /** @description The events it receives */
                        events: string[];
                        /** @description The note given when it was made */
                        description?: string;
                        /** @description When it was made (ISO 8601) */
                        createdAt: string;
                        /** @description Who made it (GitHub login) */
                        createdBy: string;
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            /** @description Your role on the repository on GitHub is below maintain, e.g. "Managing webhooks of owner/name needs admin or maintain permission on GitHub; you have write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such webhook in this repository */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /** @description The webhook subscription's id (`id` of the list) */
                hookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt, delivered or not */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dl_7e8f9a0b1c2d",
                     *       "event": "content.saved",
                     *       "state": "delivered",
                     *       "attempt": 1,
                     *       "createdAt": "2025-01-02T10:01:00.000Z",
                     *       "lastAttemptAt": "2025-01-02T10:01:00.000Z",
                     *       "responseStatus": 204,
                     *       "durationMs": 120
                     *     }
                     */
                    "application/json": {
                        /** @description The delivery id (`X-CMS-Delivery`) */
                        id: string;
                        /** @description The event delivered */
                        event: string;
                        /**
                         * @description pending (queued), retrying (an attempt failed; another is due), delivered (a 2xx), dead (every attempt failed)
                         * @enum {string}
                         */
                        state: "pending" | "retrying" | "delivered" | "dead";
                        /** @description Attempts made so far */
                        attempt: number;
                        /** @description When the event happened and the delivery was queued (ISO 8601) */
                        createdAt: string;
                        /** @description When the last attempt was made (ISO 8601); the fields below are of that attempt */
                        lastAttemptAt?: string;
                        /** @description The receiver's status code; absent when none answered (refused, timed out, address refused) */
                        responseStatus?: number;
                        /** @description The start of the receiver's answer, at most 1 KB: shown to admins of the repository only, and only from a public address */
                        responseBody?: string;
                        /**
                         * @description Why `responseBody` is absent although the receiver may have answered: `private-address` (the receiver is at an address the deployment allows although private, e.g. loopback in local mode: its answer is never kept, or a subscription would read private services back), `admin-only` (only admins of the repository on GitHub see answers; you have maintain)
                         * @enum {string}
                         */
                        responseBodyWithheld?: "private-address" | "admin-only";
                        /** @description Why the attempt failed when no status says it: timeout, connection refused, a forbidden address */
                        error?: string;
                        /** @description How long the last attempt took, in milliseconds */
                        durationMs?: number;
                        /** @description When the next attempt is due, while retrying */
                        nextAttemptAt?: string;
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            /** @description Your role on the repository on GitHub is below maintain, e.g. "Managing webhooks of owner/name needs admin or maintain permission on GitHub; you have write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such webhook in this repository */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /** @description The webhook subscription's id (`id` of the list) */
                hookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveries": [
                     *         {
                     *           "id": "dl_7e8f9a0b1c2d",
                     *           "event": "content.saved",
                     *           "state": "delivered",
                     *           "attempt": 1,
                     *           "createdAt": "2025-01-02T10:01:00.000Z",
                     *           "lastAttemptAt": "2025-01-02T10:01:00.000Z",
                     *           "responseStatus": 204,
                     *           "durationMs": 120
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The last 20, newest first */
                        deliveries: {
                            /** @description The delivery id (`X-CMS-Delivery`) */
                            id: string;
                            /** @description The event delivered */
                            event: string;
                            /**
                             * @description pending (queued), retrying (an attempt failed; another is due), delivered (a 2xx), dead (every attempt failed)
                             * @enum {string}
                             */
                            state: "pending" | "retrying" | "delivered" | "dead";
                            /** @description Attempts made so far */
                            attempt: number;
                            /** @description When the event happened and the delivery was queued (ISO 8601) */
                            createdAt: string;
                            /** @description When the last attempt was made (ISO 8601); the fields below are of that attempt */
                            lastAttemptAt?: string;
                            /** @description The receiver's status code; absent when none answered (refused, timed out, address refused) */
                            responseStatus?: number;
                            /** @description The start of the receiver's answer, at most 1 KB: shown to admins of the repository only, and only from a public address */
                            responseBody?: string;
                            /**
                             * @description Why `responseBody` is absent although the receiver may have answered: `private-address` (the receiver is at an address the deployment allows although private, e.g. loopback in local mode: its answer is never kept, or a subscription would read private services back), `admin-only` (only admins of the repository on GitHub see answers; you have maintain)
                             * @enum {string}
                             */
                            responseBodyWithheld?: "private-address" | "admin-only";
                            /** @description Why the attempt failed when no status says it: timeout, connection refused, a forbidden address */
                            error?: string;
                            /** @description How long the last attempt took, in milliseconds */
                            durationMs?: number;
                            /** @description When the next attempt is due, while retrying */
                            nextAttemptAt?: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            /** @description Your role on the repository on GitHub is below maintain, e.g. "Managing webhooks of owner/name needs admin or maintain permission on GitHub; you have write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such webhook in this repository */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    receiveGitHubEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Received (see `outcome`) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "event": "push",
                     *       "outcome": "applied"
                     *     }
                     */
                    "application/json": {
                        /** @description The `X-GitHub-Event` received */
                        event: string;
                        /**
                         * @description `applied`: recorded (for a pull request: its check queued); `duplicate`: this `X-GitHub-Delivery` was applied before; `not-connected`: about no connected repository; `ignored`: an event the service does not use
                         * @enum {string}
                         */
                        outcome: "applied" | "duplicate" | "not-connected" | "ignored";
                    };
                };
            };
            /** @description X-GitHub-Event or X-GitHub-Delivery missing or malformed, or a body that is not a JSON object */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description X-Hub-Signature-256 missing, or not the signature of this body under the webhook secret; checked over the raw bytes before the body is read, so a forged body is 401 whatever it holds (not JSON, another Content-Type) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description This deployment has no GitHub webhook secret (webhooks are not set up) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getContentHistory: {
        parameters: {
            query?: {
                /** @description How many a page holds (the range is in the schema) */
                limit?: number;
                /** @description Where the next page starts: the cursor the previous page gave (a list's `Link` header, or `nextCursor`); opaque */
                cursor?: string;
                /** @description Read from this branch instead of the default branch (e.g. the draft branch `cms/{collection}/{slug}`) */
                branch?: string;
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "versions": [
                     *         {
                     *           "sha": "9b2f6c1d0e8a7f5b3c4d2e1f0a9b8c7d6e5f4a3b",
                     *           "date": "2024-02-15T09:30:00Z",
                     *           "message": "Fix the title (#12)\n\nPublished in the CMS by @alice.",
                     *           "author": {
                     *             "login": "alice",
                     *             "name": "Alice Martin"
                     *           },
                     *           "slug": "2024-02-14-hello-world",
                     *           "path": "content/posts/2024-02-14-hello-world.md",
                     *           "blob": "3f786850e387550fdab836ed7e6dc881de23001b",
                     *           "cms": {
                     *             "action": "Published",
                     *             "by": "alice"
                     *           },
                     *           "changeRequest": {
                     *             "number": 12,
                     *             "branch": "cms/posts/2024-02-14-hello-world"
                     *           }
                     *         }
                     *       ],
                     *       "next": null
                     *     }
                     */
                    "application/json": {
                        /** @description The commits that changed the item, newest first */
                        versions: {
                            /** @description The commit (read this version with `GET …/{slug}?ref=<sha>`) */
                            sha: string;
                            /** @description The author's date of the commit (ISO 8601) */
                            date: string;
                            /** @description The whole commit message */
                            message: string;
                            /** @description The commit's author */
                            author: {
                                /** @description The GitHub account of the author's email; null when no account has it */
                                login: string | null;
                                /** @description The name the commit gives */
                                name: string | null;
                            };
                            /** @description The item's slug in this version: another slug than today's before a rename */
                            slug: string;
                            /** @description The item's file in this version */
                            path: string;
                            /** @description The file's blob sha in this version; null for the commit that deleted it */
                            blob: string | null;
                            /** @description Present when the commit was made through the CMS: what it did and for whom */
                            cms?: {
                                /** @description Saved, Published, Renamed, Deleted, Restored, Reverted…, as the message says */
                                action: string;
                                /** @description The login of the CMS user the commit was made for */
                                by: string;
                                /** @description Present when a schedule published it (`action` is `Published on schedule`): the schedule's id */
                                schedule?: string;
                            };
                            /** @description Present when the commit came through a pull request (a published draft): its number and branch */
                            changeRequest?: {
                                /** @description The pull request number */
                                number: number;
                                /** @description Its head branch (`cms/{collection}/{slug}` for the CMS’s drafts) */
                                branch: string;
                            };
                        }[];
                        /** @description The cursor of the next page (send it as `cursor`); null on the last page */
                        next: string | null;
                    };
                };
            };
            /** @description Invalid slug or branch name; `limit` outside 1 to 100; a cursor this history did not give; a `locale` the collection does not have, or any on an untranslated collection */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Collection not found, the item has no history, or the branch does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    compareContentVersions: {
        parameters: {
            query: {
                from: string;
                to?: string;
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The change from `from` to `to` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "collection": "posts",
                     *       "slug": "2024-02-14-hello-world",
                     *       "type": "modified",
                     *       "frontmatter": {
                     *         "fields": [
                     *           {
                     *             "name": "title",
                     *             "oldValue": "Hello",
                     *             "newValue": "Hello, world",
                     *             "changed": true
                     *           },
                     *           {
                     *             "name": "date",
                     *             "oldValue": "2024-02-14",
                     *             "newValue": "2024-02-14",
                     *             "changed": false
                     *           }
                     *         ]
                     *       },
                     *       "body": {
                     *         "oldBody": "Our first post.\n",
                     *         "newBody": "Our first post, edited.\n"
                     *       },
                     *       "path": "content/posts/2024-02-14-hello-world.md"
                     *     }
                     */
                    "application/json": components["schemas"]["ContentDiff"];
                };
            };
            /** @description Invalid slug; `from` or `to` is neither a full commit sha (40 hexadecimal digits) nor a branch name; a `locale` the collection does not have, or any on an untranslated collection */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Collection not found, or the item exists in neither version */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description cms.config.json has been removed or made invalid since the repository was connected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    restoreContentVersion: {
        parameters: {
            query?: {
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": "9b2f6c1d0e8a7f5b3c4d2e1f0a9b8c7d6e5f4a3b",
                 *       "sha": "3f786850e387550fdab836ed7e6dc881de23001b"
                 *     }
                 */
                "application/json": {
                    /** @description The commit whose copy of the item comes back (a `sha` of the history) */
                    version: string;
                    /** @description The item's current blob sha (the file's `sha`), guarding against a change meanwhile; absent when the item no longer exists */
                    sha?: string;
                    /**
                     * @description `direct` commits to the default branch, `branch` to the draft branch `cms/{collection}/{slug}`; absent: the collection's workflow (`pr` collections: `branch`). A locked collection takes only its own
                     * @enum {string}
                     */
                    mode?: "direct" | "branch";
                    /** @description The commit message; absent or blank: `Restore {collection}/{slug} to <short sha>` */
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Restored (on the draft branch for `mode: branch`), or unchanged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sha": "8c3a9d1fe27e5b0a4f6c7d2e9b1a0c3d5e7f9a2b",
                     *       "path": "content/posts/2024-02-14-hello-world.md",
                     *       "branch": "cms/posts/2024-02-14-hello-world"
                     *     }
                     */
                    "application/json": components["schemas"]["PutContentResult"];
                };
            };
            /** @description Invalid slug; `version` or `sha` not a git object id; a mode the collection is not locked to; the version is a symbolic link or not a text file; a `locale` the collection does not have, or any on an untranslated collection */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description The app is not installed, or you lack write access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Collection not found, or the item's file is not in that version */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The item changed (or exists, when `sha` is absent): fetch the latest sha and retry; the draft was published or closed meanwhile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    revertContentVersion: {
        parameters: {
            query?: {
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": "9b2f6c1d0e8a7f5b3c4d2e1f0a9b8c7d6e5f4a3b"
                 *     }
                 */
                "application/json": {
                    /** @description The commit whose change to the item is undone: a published change request's commit (a version with `changeRequest`), or any version that changed the item */
                    version: string;
                    /** @description The change request's title; absent or blank: `Undo "<the version's summary>"` */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The change request that undoes the version, or unchanged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "branch": "cms/posts/2024-02-14-hello-world",
                     *       "number": 13,
                     *       "htmlUrl": "https://github.com/acme/site/pull/13"
                     *     }
                     */
                    "application/json": {
                        /** @description The draft branch holding the undo, `cms/{collection}/{slug}` */
                        branch?: string;
                        /** @description The change request opened for it */
                        number?: number;
                        /** @description The change request on GitHub */
                        htmlUrl?: string;
                        /**
                         * @description Present (true) when the item already holds none of the version's changes: no branch, no change request
                         * @constant
                         */
                        unchanged?: true;
                    };
                };
            };
            /** @description Invalid slug; `version` not a git object id, or a version that created or deleted the item; a `locale` the collection does not have, or any on an untranslated collection */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description The app is not installed, or you lack write access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Collection not found, or the version did not change the item */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Later edits overlap what the version changed (named): nothing was undone; the item has a draft already, or was deleted since */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    listSets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Open change sets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "number": 14,
                     *         "title": "Spring launch",
                     *         "branch": "cms/_sets/spring-launch",
                     *         "state": "open",
                     *         "merged": false,
                     *         "createdAt": "2025-03-01T09:30:00Z",
                     *         "updatedAt": "2025-03-01T10:00:00Z",
                     *         "collection": "",
                     *         "slug": "",
                     *         "previewUrl": null,
                     *         "author": "demo",
                     *         "draft": true,
                     *         "mergeable": true,
                     *         "mergeStateStatus": "DRAFT",
                     *         "reviewDecision": null,
                     *         "set": "spring-launch",
                     *         "items": [
                     *           {
                     *             "collection": "posts",
                     *             "slug": "spring-launch"
                     *           },
                     *           {
                     *             "collection": "authors",
                     *             "slug": "alice"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** @description The pull request number on GitHub */
                        number: number;
                        /** @description Its title */
                        title: string;
                        /** @description Its head branch, `cms/{collection}/{slug}` */
                        branch: string;
                        /**
                         * @description `open` or `closed`
                         * @enum {string}
                         */
                        state: "open" | "closed";
                        /** @description Whether it was merged (published) */
                        merged: boolean;
                        /** @description When it was opened (ISO 8601) */
                        createdAt: string;
                        /** @description When it last changed on GitHub (ISO 8601) */
                        updatedAt: string;
                        /** @description Parsed from the branch `cms/{collection}/{slug}`; '' for a change set */
                        collection: string;
                        /** @description Parsed from the branch `cms/{collection}/{slug}`; '' for a change set */
                        slug: string;
                        /** @description Where the draft can be previewed (cms.config.json `preview`); null or absent when none is configured */
                        previewUrl?: string | null;
                        /** @description The GitHub login of who opened it */
                        author: string;
                        /** @description Always sent (an addition to the spec, so optional in the shape): true while the pull request is a GitHub draft pull request, the board's "In progress"; false once it is ready for review */
                        draft?: boolean;
                        /** @description Whether it merges without conflicts; null while the provider is still computing it. Sent in the list too (an addition): a draft ready for review with `mergeable: true` is "Ready to publish" */
                        mergeable?: boolean | null;
                        /**
                         * @description An addition, always sent (list and detail): GitHub's MergeStateStatus, read in the same query. CLEAN: mergeable, checks passing; HAS_HOOKS: the same with pre-receive hooks (GitHub Enterprise Server); UNSTABLE: mergeable while a check that is not required fails or is pending (GitHub says BLOCKED when a required one does); BLOCKED: the branch's rules refuse the merge (reviews, required checks); BEHIND: a strict rule wants main merged into the draft first (Update); DIRTY: conflicts; DRAFT: a GitHub draft pull request; UNKNOWN: GitHub is still computing it. "Ready to publish" takes CLEAN, HAS_HOOKS or UNSTABLE
                         * @enum {string}
                         */
                        mergeStateStatus?: "BEHIND" | "BLOCKED" | "CLEAN" | "DIRTY" | "DRAFT" | "HAS_HOOKS" | "UNKNOWN" | "UNSTABLE";
                        /** @description An addition, always sent (list and detail): GitHub's review decision under the default branch's rules, which every reader sees (classic protection's review rule only admins may read): REVIEW_REQUIRED, CHANGES_REQUESTED or APPROVED; null when no review is required */
                        reviewDecision?: ("APPROVED" | "CHANGES_REQUESTED" | "REVIEW_REQUIRED") | null;
                        /** @description The set's name (its branch is `cms/_sets/{name}`) */
                        set: string;
                        /** @description The items it edits, creates, renames or deletes, as its changed files say */
                        items: {
                            /** @description The collection of an item the set changes */
                            collection: string;
                            /** @description Its slug; a renamed item under its new one (GitHub's list of a pull request's files does not say where a file was renamed from) */
                            slug: string;
                        }[];
                    }[];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    createSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "spring-launch",
                 *       "title": "Spring launch",
                 *       "description": "The launch post, its author and the landing page."
                 *     }
                 */
                "application/json": {
                    /** @description The set's name: 1 to 64 lowercase letters a-z, digits and "-", starting with a letter or digit; its branch is `cms/_sets/{name}`, unique among the repository's branches */
                    name: string;
                    /** @description The change request's title; the name when absent */
                    title?: string;
                    /** @description The change request's description (markdown), shown in its review */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "spring-launch",
                     *       "branch": "cms/_sets/spring-launch",
                     *       "number": 14,
                     *       "htmlUrl": "https://github.com/acme/site/pull/14"
                     *     }
                     */
                    "application/json": {
                        /** @description The set's name, to send as `set` with saves, deletions and renames */
                        name: string;
                        /** @description Its branch, `cms/_sets/{name}` */
                        branch: string;
                        /** @description Its pull request: read, diff, comment, update, rebase, publish and close it with the pulls routes */
                        number: number;
                        /**
                         * Format: uri
                         * @description The pull request on GitHub
                         */
                        htmlUrl: string;
                    };
                };
            };
            /** @description A name that is not 1 to 64 lowercase letters, digits and "-"; a blank title */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Repository not connected */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A change set of that name exists already (choose another name, or publish or close it); the default branch has no commits */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
    removeSetItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Repository `owner/name`, sent as ONE path segment with the `/` percent-encoded: `owner%2Fname` (what OpenAPI clients do with a path parameter). The two-segment form `owner/name` is accepted as well: API Gateway decodes `%2F` before routing, so both forms reach the service alike. Compared case-insensitively, as GitHub does.
                 * @example demo/blog
                 */
                repo: string;
                /**
                 * @description A change set's name (its branch is `cms/_sets/{name}`): lowercase letters, digits and "-", 1 to 64
                 * @example spring-launch
                 */
                name: string;
                /**
                 * @description A collection name from the repository's cms.config.json
                 * @example posts
                 */
                collection: string;
                /**
                 * @description The item's file name without `.md`: lowercase letters, digits, `.`, `_` and `-`, at most 200 characters; anything else answers 400
                 * @example 2024-02-14-hello-world
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "paths": [
                     *         "content/authors/alice.md"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description Removed
                         * @constant
                         */
                        ok: true;
                        /** @description The paths restored to the default branch's version (or removed) on the set's branch */
                        paths: string[];
                    };
                };
            };
            /** @description A set name, collection or slug that is not valid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description No such change set, or the item is not in it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The set changed meanwhile (another save landed first): try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "frontmatter.title: expected a string"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["ProviderError"];
            503: components["responses"]["RateLimitedOrUnavailable"];
        };
    };
}
