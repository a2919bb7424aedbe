import * as z from 'zod/mini';

import {
  ClosePullResultSchema,
  ContentDiffSchema,
  CreateCommentBodySchema,
  CreatePullBodySchema,
  CreatePullResultSchema,
  DraftStateResultSchema,
  MergeConflictSchema,
  MergeResultSchema,
  PrCommentSchema,
  PullRequestDetailSchema,
  PullRequestSummarySchema,
  RebaseRefusalSchema,
  UpdateConflictSchema,
} from '../pulls/schemas';
import { PullChecksSchema } from '../pulls/check-schemas';
import { MergeQuerySchema } from '../pulls/set-schemas';
import { OkSchema } from '../schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

/** The pulls group's rows: draft pull requests, their diffs, comments, merges and rebases. */
export const pullsRoutes = [
  {
    id: 'listPulls',
    method: 'GET',
    path: '/api/repos/{repo}/pulls',
    group: 'pulls',
    access: 'content:read',
    summary: 'List open change requests (pull requests of cms/* branches)',
    description:
      'Open pull requests of CMS drafts (head `cms/*`), every page, with collection, slug and preview URL. A pull request from a fork, or into another branch than the default branch, is never listed, whatever its branch is called.',
    responses: {
      200: { description: 'Open drafts', schema: z.array(PullRequestSummarySchema) },
      404: error('Repository not connected'),
    },
  },
  {
    id: 'createPull',
    method: 'POST',
    path: '/api/repos/{repo}/pulls',
    group: 'pulls',
    access: 'content:write',
    summary: 'Open a change request (a pull request) for a cms/* branch',
    description:
      'Opens a pull request for an existing CMS draft branch into the default branch. `draft: true` (an addition) opens it as a GitHub draft pull request, "In progress" on the board (where the plan has no draft pull requests, as private repositories on GitHub Free, it is opened ready for review instead); without it the pull request is ready for review, as the spec describes.',
    body: CreatePullBodySchema,
    responses: {
      200: { description: 'Opened', schema: CreatePullResultSchema },
      400: error('Not a CMS branch (cms/{collection}/{slug}), empty title, or no changes'),
      404: error('Branch not found'),
      409: error(
        "An open pull request already exists for the branch; the branch's collection is invalid in cms.config.json (the problem is named: fix it there, the other collections work meanwhile)",
      ),
    },
  },
  {
    id: 'getPull',
    method: 'GET',
    path: '/api/repos/{repo}/pulls/{number}',
    group: 'pulls',
    access: 'content:read',
    summary: 'Get a change request',
    description:
      'One draft pull request; mergeable is null while GitHub computes it. `mergeBlockers` is empty for a genuine draft (a branch of this repository, into the default branch, changing only its own item and adding the media files the item references, every one a regular file and the media passing the upload rules, read at the head sha); otherwise it says why it cannot be published (see MergeBlocker).',
    responses: {
      200: { description: 'The pull request', schema: PullRequestDetailSchema },
      404: error('No such pull request, or not a CMS draft'),
    },
  },
  {
    id: 'getPullChecks',
    method: 'GET',
    path: '/api/repos/{repo}/pulls/{number}/checks',
    group: 'pulls',
    access: 'content:read',
    summary: "Get the check runs on a change request's head, with their reports",
    description:
      "An addition: the newest check run of each name on the draft's head commit (the service's own `CMS content` among them, once its App runs), with its state, title, summary and first 50 annotations, read from GitHub with the caller's own token. An annotation of an item's file names the item and, read at the head, the frontmatter field its line falls on (or `inBody`), as the field-by-field diff shows it. Commit statuses carry no report: the detail's `review.checks` lists them. Round trips: the pull request, the runs, one per run with annotations, and one for the annotated items' files.",
    responses: {
      200: { description: 'The check runs', schema: PullChecksSchema },
      404: error('No such pull request, or not a CMS draft'),
    },
  },
  {
    id: 'closePull',
    method: 'DELETE',
    path: '/api/repos/{repo}/pulls/{number}',
    group: 'pulls',
    access: 'content:write',
    summary: 'Close a change request without publishing it',
    description:
      "Closes the pull request without merging and deletes the draft branch, only while it still holds the head read for the close: a save that landed on it meanwhile keeps it, a draft pull request is opened for that save and `keptBranch` (an addition) says so. A pull request that is not a genuine draft (non-empty mergeBlockers) is closed, but no branch is deleted: not a fork's, not this repository's branch of the same name, not a branch carrying other changes.",
    responses: {
      200: {
        description: 'Closed; `keptBranch` when a save landed on the draft meanwhile',
        schema: ClosePullResultSchema,
      },
      404: error('No such pull request, or not a CMS draft'),
    },
  },
  {
    id: 'getPullDiff',
    method: 'GET',
    path: '/api/repos/{repo}/pulls/{number}/diff',
    group: 'pulls',
    access: 'content:read',
    summary: "Get a change request's changes, field by field",
    description:
      "Every file changed since the merge base: one ContentDiff per content item (frontmatter field by field, body old and new, `path`), and for any other file an entry with collection and slug '', its whole text as body ('' when binary) and `file` (status, previousPath, binary).",
    responses: {
      200: { description: 'Diffs', schema: z.array(ContentDiffSchema) },
      404: error('No such pull request, or not a CMS draft'),
    },
  },
  {
    id: 'mergePull',
    method: 'PUT',
    path: '/api/repos/{repo}/pulls/{number}/merge',
    group: 'pulls',
    access: 'content:publish',
    summary: 'Publish a change request (squash merge)',
    description:
      'Squash merges (guarded by the head sha read just before, with the files checked at that sha: a save that lands before the merge answers 409) and deletes the branch, only while it still holds the head that was merged: a save that landed on it after the merge keeps it (carried onto the published commit, so its review shows only that save), a draft pull request is opened for that save, and `keptBranch` (an addition) says so. Only a genuine draft is merged: its branch is in this repository, it targets the default branch and it changes only its own item (adding media files the item names in its collection\'s media directory is its own too). A GitHub draft pull request ("In progress") is marked ready for review first, since GitHub merges no draft.',
    query: MergeQuerySchema,
    responses: {
      200: {
        description: 'Merged; `keptBranch` when a save landed on the draft after the merge',
        schema: MergeResultSchema,
      },
      404: error('No such pull request, or not a CMS draft'),
      409: {
        description:
          'Not merged; `reason` is a code and `error` says it in words: "conflicts"; "cross-repository", "base-not-default" or "foreign-files" (not a genuine draft; nothing merged, no branch deleted); additions a client may treat as any other reason: "already-merged" (by another publish or on GitHub), "closed", "head-moved" (a save landed after the read: reload and publish again), "reviews", "changes-requested", "checks-pending", "checks-failing" or "merge-method" (what branch protection still asks, the first of `publishBlockers`), "refused" (another refusal of GitHub\'s)',
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
    summary: 'Update a change request with the default branch',
    description:
      'Merges the default branch into the draft; content conflicts are resolved field by field where possible.',
    responses: {
      200: { description: 'Up to date', schema: OkSchema },
      404: error('No such pull request, or not a CMS draft'),
      409: {
        description:
          'Real conflicts (reason "conflicts"; `fields` names the frontmatter fields, and `body`, in conflict), or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files", with `error`)',
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
    summary: 'Rebase a change request onto the default branch',
    description:
      "Recreates the draft branch from the default branch's head and re-commits the draft's version of its file (or its deletion), by blob and mode: binary files and modes are kept as they are.",
    responses: {
      200: { description: 'Rebased', schema: OkSchema },
      400: error('Not a CMS branch'),
      404: error('No such pull request'),
      409: {
        description:
          'The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files")',
        schema: RebaseRefusalSchema,
      },
    },
  },
  {
    id: 'markPullReady',
    method: 'POST',
    path: '/api/repos/{repo}/pulls/{number}/ready',
    group: 'pulls',
    access: 'content:write',
    summary: 'Mark a change request ready for review',
    description:
      'An addition: marks the draft ready for review (GitHub\'s markPullRequestReadyForReview), moving it from "In progress" to "In review" ("Ready to publish" once mergeable). Idempotent: a draft already ready for review is left as it is.',
    responses: {
      200: { description: 'Ready for review (`draft` false)', schema: DraftStateResultSchema },
      404: error('No such pull request, or not a CMS draft'),
      409: {
        description:
          'The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files")',
        schema: RebaseRefusalSchema,
      },
    },
  },
  {
    id: 'markPullInProgress',
    method: 'DELETE',
    path: '/api/repos/{repo}/pulls/{number}/ready',
    group: 'pulls',
    access: 'content:write',
    summary: 'Move a change request back to in progress',
    description:
      'An addition: moves the draft back to "In progress" by converting its pull request to a GitHub draft pull request (convertPullRequestToDraft). Idempotent. Publishing (PUT merge) such a draft marks it ready for review first.',
    responses: {
      200: { description: 'In progress again (`draft` true)', schema: DraftStateResultSchema },
      404: error('No such pull request, or not a CMS draft'),
      409: {
        description:
          'The pull request is not open, or not a genuine draft (reason "cross-repository", "base-not-default" or "foreign-files")',
        schema: RebaseRefusalSchema,
      },
    },
  },
  {
    id: 'listComments',
    method: 'GET',
    path: '/api/repos/{repo}/pulls/{number}/comments',
    group: 'pulls',
    access: 'content:read',
    summary: "List a change request's comments",
    description:
      'Comments on a draft pull request (the spec leaves the permission open: content:read).',
    responses: {
      200: { description: 'Comments, oldest first', schema: z.array(PrCommentSchema) },
      404: error('No such pull request, or not a CMS draft'),
    },
  },
  {
    id: 'createComment',
    method: 'POST',
    path: '/api/repos/{repo}/pulls/{number}/comments',
    group: 'pulls',
    access: 'content:write',
    summary: 'Comment on a change request',
    description:
      'Comments on a draft pull request (the spec leaves the permission open: content:write).',
    body: CreateCommentBodySchema,
    responses: {
      201: { description: 'The new comment', schema: PrCommentSchema },
      400: error('Empty comment body'),
      404: error('No such pull request, or not a CMS draft'),
    },
  },
] as const satisfies readonly RouteDef[];
