import * as z from 'zod/mini';
import { GitShaSchema, SetNameSchema } from '../content/schemas';
import { schemaDocs } from '../schemas';
import { PullRequestSummarySchema } from './schemas';

/** Request and response shapes of the change-set routes (set-actions.ts). */

export const CreateSetBodySchema = z.object({
  name: SetNameSchema.clone(),
  title: z.optional(
    z.string().check(z.trim(), z.minLength(1, 'title must not be blank'), z.maxLength(256)),
  ),
  description: z.optional(z.string().check(z.maxLength(65536))),
});

export const CreateSetResultSchema = z.object({
  name: z.string(),
  branch: z.string(),
  number: z.int(),
  htmlUrl: z.url(),
});

export const SetItemSchema = z.object({ collection: z.string(), slug: z.string() });

export const ChangeSetSchema = z.object({
  ...PullRequestSummarySchema.def.shape,
  set: z.string(),
  items: z.array(SetItemSchema),
});

export const RemoveSetItemResultSchema = z.object({
  ok: z.literal(true),
  paths: z.array(z.string()),
});

/** PUT …/pulls/{n}/merge?sha=: publish only the head the reviewer saw. */
export const MergeQuerySchema = z.object({ sha: z.optional(GitShaSchema.clone()) });

export const setDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(MergeQuerySchema, {
    properties: {
      sha: 'An addition: the head sha the reviewer saw (`headSha` of the detail the diff was read with). The publish merges that head or nothing: a change request that moved since answers 409 `head-moved` (reload its diff and publish again). Absent: the head read just before the merge, as before',
    },
  });
  document(CreateSetBodySchema, {
    properties: {
      name: 'The set\'s name: 1 to 64 lowercase letters a-z, digits and "-", starting with a letter or digit; its branch is `cms/_sets/{name}`, unique among the repository\'s branches',
      title: "The change request's title; the name when absent",
      description: "The change request's description (markdown), shown in its review",
    },
    examples: [
      {
        name: 'spring-launch',
        title: 'Spring launch',
        description: 'The launch post, its author and the landing page.',
      },
    ],
  });
  document(CreateSetResultSchema, {
    properties: {
      name: "The set's name, to send as `set` with saves, deletions and renames",
      branch: 'Its branch, `cms/_sets/{name}`',
      number:
        'Its pull request: read, diff, comment, update, rebase, publish and close it with the pulls routes',
      htmlUrl: 'The pull request on GitHub',
    },
    examples: [
      {
        name: 'spring-launch',
        branch: 'cms/_sets/spring-launch',
        number: 14,
        htmlUrl: 'https://github.com/acme/site/pull/14',
      },
    ],
  });
  document(SetItemSchema, {
    properties: {
      collection: 'The collection of an item the set changes',
      slug: "Its slug; a renamed item under its new one (GitHub's list of a pull request's files does not say where a file was renamed from)",
    },
  });
  document(ChangeSetSchema, {
    description:
      'An open change set: its pull request as the pulls list shows it, with the items it holds',
    properties: {
      set: "The set's name (its branch is `cms/_sets/{name}`)",
      items: 'The items it edits, creates, renames or deletes, as its changed files say',
    },
    examples: [
      {
        number: 14,
        title: 'Spring launch',
        branch: 'cms/_sets/spring-launch',
        state: 'open' as const,
        merged: false,
        createdAt: '2025-03-01T09:30:00Z',
        updatedAt: '2025-03-01T10:00:00Z',
        collection: '',
        slug: '',
        previewUrl: null,
        author: 'demo',
        draft: true,
        mergeable: true,
        mergeStateStatus: 'DRAFT' as const,
        reviewDecision: null,
        set: 'spring-launch',
        items: [
          { collection: 'posts', slug: 'spring-launch' },
          { collection: 'authors', slug: 'alice' },
        ],
      },
    ],
  });
  document(RemoveSetItemResultSchema, {
    properties: {
      ok: 'Removed',
      paths: "The paths restored to the default branch's version (or removed) on the set's branch",
    },
    examples: [{ ok: true, paths: ['content/authors/alice.md'] }],
  });
});
