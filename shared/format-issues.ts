import type * as z from 'zod/mini';

/** `collections.posts.fields[1].type` */
export const formatPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (out, key) =>
      typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key),
    '',
  );

/** One readable sentence for a zod failure: the first issue, named by its path. */
export function formatIssues(error: z.core.$ZodError, prefix?: string): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const path = formatPath([...(prefix ? [prefix] : []), ...issue.path]);
  return path ? `${path}: ${issue.message}` : issue.message;
}
