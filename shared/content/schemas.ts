import * as z from 'zod/mini';
import { RepoNameSchema } from '../auth/token-schemas';

/**
 * Request and response shapes of the repos, content and pulls routes, exactly as the spec's
 * tables give them. Kept apart from the domain code so the route table pulls in no YAML parser.
 */
const FrontmatterSchema = z.record(z.string(), z.unknown());

/** A git object id: 40 hex digits (SHA-1), or 64 for SHA-256 repositories. */
export const GitShaSchema = z.string().check(z.regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i, 'expected a git object id (40 or 64 hexadecimal digits)'));

const nonBlank = (message: string) => z.string().check(z.refine((text) => text.trim() !== '', message));

export const RepoConnectionSchema = z.object({
  fullName: z.string(),
  addedAt: z.string(),
});
export type RepoConnection = z.infer<typeof RepoConnectionSchema>;

export const ConnectRepoBodySchema = z.object({ fullName: RepoNameSchema });
export type ConnectRepoBody = z.infer<typeof ConnectRepoBodySchema>;

/** A repository reachable through the app installation (`GET /api/host/repos`). */
export const HostRepoSchema = z.object({
  fullName: z.string(),
  private: z.boolean(),
  description: z.optional(z.nullable(z.string())),
});
export type HostRepo = z.infer<typeof HostRepoSchema>;

/**
 * Why an item cannot be edited as a record of fields (an addition to the spec's ContentItem):
 * - `invalid-frontmatter`: the YAML does not parse; `frontmatter` is empty, and a save that sends
 *   every field replaces the block;
 * - `unsupported-format`: TOML (`+++`) or JSON frontmatter, read as opaque; saves are refused (400);
 * - `too-large`: the frontmatter is over the documented limits and is not parsed; saves are refused;
 * - `symlink`: the path is a symbolic link; it is never followed and never written;
 * - `not-text`: the file is binary.
 */
export const itemProblemCodes = ['invalid-frontmatter', 'unsupported-format', 'too-large', 'symlink', 'not-text'] as const;
export type ItemProblemCode = (typeof itemProblemCodes)[number];
export const ItemProblemSchema = z.object({
  code: z.enum(itemProblemCodes),
  message: z.string(),
  /** 1-based line of the file where the frontmatter fails to parse, when known. */
  line: z.optional(z.int()),
});
export type ItemProblem = z.infer<typeof ItemProblemSchema>;

export const ContentItemSchema = z.object({
  /** File name without `.md`. */
  slug: z.string(),
  path: z.string(),
  /** The file's blob sha: send it back to update or delete. */
  sha: z.string(),
  frontmatter: FrontmatterSchema,
  /** Only when a single item is fetched. */
  body: z.optional(z.string()),
  /** Only when the item has a draft branch with an open pull request. */
  branch: z.optional(z.string()),
  prNumber: z.optional(z.int()),
  /** Present when the file cannot be edited as fields; see ItemProblemSchema. */
  problem: z.optional(ItemProblemSchema),
  /** Single-item reads with a problem: the frontmatter block's raw text, so a person can see and fix it. */
  rawFrontmatter: z.optional(z.string()),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

export const GetContentQuerySchema = z.object({ branch: z.optional(z.string()) });

export const saveModes = ['direct', 'branch'] as const;
export type SaveMode = (typeof saveModes)[number];

export const PutContentBodySchema = z.object({
  frontmatter: FrontmatterSchema,
  body: z.string(),
  /** Omit to create; the current sha to update. */
  sha: z.optional(GitShaSchema),
  mode: z._default(z.enum(saveModes), 'direct'),
});
export type PutContentBody = z.infer<typeof PutContentBodySchema>;

export const PutContentResultSchema = z.object({
  sha: z.string(),
  path: z.string(),
  /** Only when the save went to a draft branch (`mode: branch`), or would have and the branch exists. */
  branch: z.optional(z.string()),
  /**
   * An addition to the spec: present (true) when the save would have written the bytes already
   * there. No commit was made (and no draft branch created); `sha` is the file's current sha.
   */
  unchanged: z.optional(z.literal(true)),
});
export type PutContentResult = z.infer<typeof PutContentResultSchema>;

export const DeleteContentQuerySchema = z.object({
  sha: GitShaSchema,
  /**
   * An addition to the spec. `direct` (the default) commits the deletion to the default branch;
   * `branch` commits it to the draft branch `cms/{collection}/{slug}`, to be published by its
   * pull request. A collection locked to `pr` takes only `branch`, one locked to `direct` only `direct`.
   */
  mode: z._default(z.enum(saveModes), 'direct'),
});

export const DeleteContentResultSchema = z.object({
  ok: z.literal(true),
  /** Only for `mode=branch`: the draft branch now holding the deletion; open or update its pull request. */
  branch: z.optional(z.string()),
});

export const pullStates = ['open', 'closed'] as const;

export const PullRequestSummarySchema = z.object({
  number: z.int(),
  title: z.string(),
  branch: z.string(),
  state: z.enum(pullStates),
  merged: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Parsed from the branch `cms/{collection}/{slug}`. */
  collection: z.string(),
  slug: z.string(),
  previewUrl: z.optional(z.nullable(z.url())),
  author: z.string(),
});
export type PullRequestSummary = z.infer<typeof PullRequestSummarySchema>;

/**
 * Why a pull request on a `cms/{collection}/{slug}` branch is not a genuine draft, so the CMS will
 * not publish, update or rebase it (409) nor delete its branch on close:
 * - `cross-repository`: its head is a branch of another repository (a fork) that merely has the name;
 * - `base-not-default`: it targets a branch other than the default branch;
 * - `foreign-files`: it changes files other than its own item `{directory}/{slug}.md` (or more than
 *   100 files, or renames or changes the type of the item).
 */
export const draftBlockReasons = ['cross-repository', 'base-not-default', 'foreign-files'] as const;
export type DraftBlockReason = (typeof draftBlockReasons)[number];

export const MergeBlockerSchema = z.object({ reason: z.enum(draftBlockReasons), message: z.string() });
export type MergeBlocker = z.infer<typeof MergeBlockerSchema>;

export const PullRequestDetailSchema = z.object({
  ...PullRequestSummarySchema.shape,
  body: z.string(),
  /** null while the provider is still computing it. */
  mergeable: z.optional(z.nullable(z.boolean())),
  headSha: z.string(),
  baseSha: z.string(),
  htmlUrl: z.url(),
  /**
   * Always sent (an addition to the spec's PullRequestDetail, so optional in the shape): empty for a
   * genuine draft, otherwise why it cannot be published (see MergeBlockerSchema).
   */
  mergeBlockers: z.optional(z.array(MergeBlockerSchema)),
});
export type PullRequestDetail = z.infer<typeof PullRequestDetailSchema>;

export const CreatePullBodySchema = z.object({
  branch: z.string(),
  title: nonBlank('title must not be empty'),
  body: z.optional(z.string()),
});
export type CreatePullBody = z.infer<typeof CreatePullBodySchema>;

export const CreatePullResultSchema = z.object({
  number: z.int(),
  htmlUrl: z.url(),
  previewUrl: z.optional(z.nullable(z.url())),
});

export const MergeResultSchema = z.object({ sha: z.string(), merged: z.literal(true) });
/** Stable reasons of a refused merge or update: `conflicts`, or why the pull request is not a genuine draft. */
export const refusalReasons = ['conflicts', ...draftBlockReasons] as const;
/**
 * 409 of a merge: `reason` is `conflicts` for merge conflicts, a draftBlockReasons value (with
 * `error` in words) when the pull request is not a genuine draft, otherwise the provider's refusal
 * in words.
 */
export const MergeConflictSchema = z.object({
  merged: z.literal(false),
  reason: z.union([z.enum(refusalReasons), z.string()]),
  error: z.optional(z.string()),
});
/**
 * 409 of an update: `reason` `conflicts` with `fields` naming the frontmatter fields (and `body`)
 * that conflict, when known; or a draftBlockReasons value with `error` in words.
 */
export const UpdateConflictSchema = z.object({
  ok: z.literal(false),
  reason: z.optional(z.enum(refusalReasons)),
  fields: z.optional(z.array(z.string())),
  error: z.optional(z.string()),
});
/** 409 of a rebase: the pull request is not open, or (with `reason`) not a genuine draft. */
export const RebaseRefusalSchema = z.object({ error: z.string(), reason: z.optional(z.enum(draftBlockReasons)) });

export const ContentDiffFieldSchema = z.object({
  name: z.string(),
  /** Absent when the field is not in the old version. */
  oldValue: z.optional(z.unknown()),
  /** Absent when the field is not in the new version. */
  newValue: z.optional(z.unknown()),
  changed: z.boolean(),
});
export type ContentDiffField = z.infer<typeof ContentDiffFieldSchema>;

export const contentDiffTypes = ['added', 'modified', 'deleted'] as const;

export const changedFileStatuses = ['added', 'modified', 'removed', 'renamed'] as const;

/** A changed file that is not a content item, as the provider reports it (an addition to the spec's ContentDiff). */
export const ChangedFileSchema = z.object({
  status: z.enum(changedFileStatuses),
  /** The old path of a renamed file. */
  previousPath: z.optional(z.string()),
  /** True when either side is binary: `body` is then '' on that side. */
  binary: z.optional(z.boolean()),
});

export const ContentDiffSchema = z.object({
  /** '' for a file that is not a content item. */
  collection: z.string(),
  /** '' for a file that is not a content item. */
  slug: z.string(),
  type: z.enum(contentDiffTypes),
  frontmatter: z.object({ fields: z.array(ContentDiffFieldSchema) }),
  /** '' for the side where the file does not exist; the whole text for a file that is not an item. */
  body: z.object({ oldBody: z.string(), newBody: z.string() }),
  /** The changed file's path in the repository. */
  path: z.optional(z.string()),
  /** Present for a file that is not a content item: every file a pull request changes is listed. */
  file: z.optional(ChangedFileSchema),
});
export type ContentDiff = z.infer<typeof ContentDiffSchema>;

export const PrCommentSchema = z.object({
  id: z.int(),
  body: z.string(),
  author: z.string(),
  avatarUrl: z.url(),
  createdAt: z.string(),
});
export type PrComment = z.infer<typeof PrCommentSchema>;

export const CreateCommentBodySchema = z.object({ body: nonBlank('body must not be empty') });
