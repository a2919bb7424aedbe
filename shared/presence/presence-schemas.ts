import * as z from 'zod/mini';
import { GitShaSchema } from '../content/schemas';
import { schemaDocs } from '../schemas';
import '../zod-locale';

/** How often an open editor says so (seconds), and how long one silent editor stays listed. */
export const presenceHeartbeatSeconds = 30;
export const presenceTtlSeconds = 90;

/** What an open editor sends every `presenceHeartbeatSeconds`: the version it started from. */
export const PresenceBeatBodySchema = z.object({
  sha: GitShaSchema.clone(),
  branch: z.optional(z.string().check(z.minLength(1), z.maxLength(255, 'is over 255 characters'))),
});
export type PresenceBeatBody = z.infer<typeof PresenceBeatBodySchema>;

/** Someone else with the item open. */
export const PresentEditorSchema = z.object({
  login: z.string(),
  openedAt: z.string(),
  seenAt: z.string(),
  sha: z.string(),
  branch: z.optional(z.string()),
});
export type PresentEditor = z.infer<typeof PresentEditorSchema>;

/**
 * Whether the item's file on the default branch is still the version the heartbeat named:
 * `unchanged`, `changed` (`sha` is the newer one), `removed`, or `unknown` (a heartbeat on a
 * draft branch, or a collection too large to list from its tree).
 */
export const fileStatuses = ['unchanged', 'changed', 'removed', 'unknown'] as const;
export type FileStatus = (typeof fileStatuses)[number];

export const PresenceBeatResultSchema = z.object({
  others: z.array(PresentEditorSchema),
  file: z.object({ status: z.enum(fileStatuses), sha: z.nullable(z.string()) }),
  heartbeatSeconds: z.int(),
  expiresInSeconds: z.int(),
});
export type PresenceBeatResult = z.infer<typeof PresenceBeatResultSchema>;

export const CollectionPresenceSchema = z.object({
  editors: z.array(
    z.object({
      slug: z.string(),
      login: z.string(),
      openedAt: z.string(),
      seenAt: z.string(),
    }),
  ),
});
export type CollectionPresence = z.infer<typeof CollectionPresenceSchema>;

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const presenceDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(PresenceBeatBodySchema, {
    properties: {
      sha: "The item's `sha` as the editor read it (or as its last save answered): the version being edited",
      branch:
        'The branch the item was read from, when it is not the default branch (its draft branch)',
    },
    examples: [{ sha: '3f786850e387550fdab836ed7e6dc881de23001b' }],
  });
  document(PresenceBeatResultSchema, {
    properties: {
      others: 'Everyone else with the item open, first opened first; never the caller',
      'others[].login': 'Who: the GitHub login',
      'others[].openedAt': 'When they opened the item (ISO 8601, UTC)',
      'others[].seenAt': 'Their last heartbeat (ISO 8601, UTC)',
      'others[].sha': 'The version they are editing',
      'others[].branch': 'The branch they read it from, when it is not the default branch',
      file: "The item's file on the default branch, against the version this heartbeat named",
      'file.status':
        '`unchanged`; `changed`: someone saved a newer version, so a save from this version will need merging; `removed`: the file is gone; `unknown`: not compared (a heartbeat on a draft branch, or a collection over 2,000 items)',
      'file.sha': 'The current version with `changed` and `unchanged`; null otherwise',
      heartbeatSeconds: 'Send the next heartbeat after this many seconds while the item is open',
      expiresInSeconds: 'Without another heartbeat, the caller is no longer listed after this long',
    },
    examples: [
      {
        others: [
          {
            login: 'alice',
            openedAt: '2025-01-02T10:00:00.000Z',
            seenAt: '2025-01-02T10:02:00.000Z',
            sha: '89e6c98d92887913cadf06b2adb97f26cde4849b',
          },
        ],
        file: { status: 'changed', sha: '89e6c98d92887913cadf06b2adb97f26cde4849b' },
        heartbeatSeconds: 30,
        expiresInSeconds: 90,
      },
    ],
  });
  document(CollectionPresenceSchema, {
    properties: {
      editors: "Who has which of the collection's items open, by slug; never the caller",
      'editors[].slug': 'The item',
      'editors[].login': 'Who: the GitHub login',
      'editors[].openedAt': 'When they opened it (ISO 8601, UTC)',
      'editors[].seenAt': 'Their last heartbeat (ISO 8601, UTC)',
    },
    examples: [
      {
        editors: [
          {
            slug: '2024-02-14-hello-world',
            login: 'alice',
            openedAt: '2025-01-02T10:00:00.000Z',
            seenAt: '2025-01-02T10:02:00.000Z',
          },
        ],
      },
    ],
  });
});
