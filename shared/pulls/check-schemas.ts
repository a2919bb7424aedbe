import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';

/**
 * The check runs of a draft's head with their reports (an addition to the spec). Kept apart from
 * schemas.ts so the route table and the editor take in only these shapes.
 */
export const checkRunStates = [
  'queued',
  'in_progress',
  'success',
  'failure',
  'neutral',
  'skipped',
  'cancelled',
  'timed_out',
  'action_required',
  'stale',
] as const;
export type CheckRunState = (typeof checkRunStates)[number];

export const CheckRunAnnotationSchema = z.object({
  path: z.string(),
  startLine: z.int(),
  endLine: z.int(),
  level: z.enum(['notice', 'warning', 'failure']),
  message: z.string(),
  title: z.nullable(z.string()),
  collection: z.optional(z.string()),
  slug: z.optional(z.string()),
  field: z.optional(z.string()),
  inBody: z.optional(z.boolean()),
});
export type CheckRunAnnotation = z.infer<typeof CheckRunAnnotationSchema>;

export const CheckRunSchema = z.object({
  id: z.int(),
  name: z.string(),
  state: z.enum(checkRunStates),
  title: z.nullable(z.string()),
  summary: z.nullable(z.string()),
  url: z.nullable(z.string()),
  annotationsCount: z.int(),
  annotations: z.array(CheckRunAnnotationSchema),
});
export type CheckRun = z.infer<typeof CheckRunSchema>;

export const PullChecksSchema = z.object({
  headSha: z.string(),
  checkRuns: z.array(CheckRunSchema),
});
export type PullChecks = z.infer<typeof PullChecksSchema>;

export const pullChecksDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(CheckRunAnnotationSchema, {
    properties: {
      path: 'The file, from the repository root',
      startLine: 'The first line it concerns (1-based)',
      endLine: 'The last line it concerns',
      level: "GitHub's annotation level: notice, warning or failure",
      message: 'What the check says about those lines',
      title: "The annotation's title; null when it has none",
      collection: "Present when the file is an item of a collection: the item's collection",
      slug: "Present with `collection`: the item's slug",
      field:
        "Present when the line is one of the item's frontmatter fields (at the draft's head): the top-level field, as the field-by-field diff names it",
      inBody: 'true when the line is in the item’s body, after its frontmatter',
    },
  });
  document(CheckRunSchema, {
    properties: {
      id: "GitHub's id of the check run",
      name: "The check run's name (the service's own is `CMS content`)",
      state:
        'queued or in_progress while it runs, then its conclusion: success, failure, neutral, skipped, cancelled, timed_out, action_required or stale (a client may treat a value it does not know as neutral)',
      title: "The report's title; null when the run has written none",
      summary: "The report's summary (markdown); null when the run has written none",
      url: 'Where to see it: its details URL, else its page on GitHub; null when it gives none',
      annotationsCount: 'How many annotations the run holds (`annotations` carries the first 50)',
      annotations: 'Its first 50 annotations, in the order the run wrote them',
    },
  });
  document(PullChecksSchema, {
    properties: {
      headSha: "The draft's head commit the check runs are read on",
      checkRuns: 'The newest check run of each name on that commit, with its report',
    },
    examples: [
      {
        headSha: '4f2a3c0d1e5b6a7980c1d2e3f4a5b6c7d8e9f0a1',
        checkRuns: [
          {
            id: 41,
            name: 'CMS content',
            state: 'failure' as const,
            title: '1 error',
            summary: 'content/posts/hello.md: 1 error',
            url: 'https://github.com/acme/site/runs/41',
            annotationsCount: 1,
            annotations: [
              {
                path: 'content/posts/hello.md',
                startLine: 3,
                endLine: 3,
                level: 'failure' as const,
                message: 'tags: expected an array',
                title: 'field',
                collection: 'posts',
                slug: 'hello',
                field: 'tags',
              },
            ],
          },
        ],
      },
    ],
  });
});
