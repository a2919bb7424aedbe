import type * as z from 'zod/mini';
import { InvalidInputError } from '../errors';
import { formatPath } from '../format-issues';
import { collectionNamePattern, reservedNames } from './collection-name';
import { cmsConfigFileName, CmsConfigSchema, type CmsConfig } from './config-schema';

/**
 * Reads `cms.config.json` as the service holds it. A problem of the file as a whole (invalid JSON,
 * `name`, top-level `media`, a bad collection name) throws an InvalidInputError naming the file and
 * the first invalid path, e.g. `cms.config.json: name: must not be empty`. A problem of one
 * collection (a field, its `path`, an overlap with another, a relation to an invalid one) leaves
 * that collection out and says why in `problems`, so the rest of the repository keeps working.
 */
export function readCmsConfig(text: string): CmsConfig {
  let json: unknown;
  try {
    // Editors on Windows may save a byte order mark, which JSON.parse refuses.
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw new InvalidInputError(
      `${cmsConfigFileName}: invalid JSON (${(error as Error).message})`,
      { cause: error },
    );
  }
  const problems = new Map<string, string>();
  // Each round leaves out the collections with a problem; a relation to one of them is a problem
  // of the relating collection in the next round. At most one round per collection.
  for (;;) {
    const result = CmsConfigSchema.safeParse(json);
    if (result.success)
      return problems.size === 0
        ? result.data
        : { ...result.data, problems: Object.fromEntries(problems) };
    const found = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = collectionOfIssue(issue.path);
      if (name === undefined)
        throw new InvalidInputError(
          `${cmsConfigFileName}: ${formatPath(issue.path) ? `${formatPath(issue.path)}: ` : ''}${issue.message}`,
        );
      if (!found.has(name)) found.set(name, problemOf(json, issue, problems));
    }
    for (const [name, problem] of found) problems.set(name, problem);
    const { collections } = json as { collections: Record<string, unknown> };
    (json as { collections: Record<string, unknown> }).collections = Object.fromEntries(
      Object.entries(collections).filter(([name]) => !found.has(name)),
    );
  }
}

/**
 * Reads `cms.config.json` strictly, for tools that write or check one (`cms init`, tests): any
 * problem, a collection's included, throws an InvalidInputError naming the file and the first
 * invalid path, e.g. `cms.config.json: collections.posts.fields[1].type: unknown field type`.
 */
export function parseCmsConfig(text: string): CmsConfig {
  const config = readCmsConfig(text);
  const problem = Object.values(config.problems ?? {})[0];
  if (problem !== undefined) throw new InvalidInputError(`${cmsConfigFileName}: ${problem}`);
  return config;
}

/** The collection an issue is about, when it is about one collection with a valid name. */
function collectionOfIssue(path: readonly PropertyKey[]): string | undefined {
  const [top, name] = path;
  return top === 'collections' &&
    path.length >= 2 &&
    typeof name === 'string' &&
    collectionNamePattern.test(name) &&
    !reservedNames.has(name)
    ? name
    : undefined;
}

/** The issue in words, named by its path; a relation to a collection left out says so. */
function problemOf(
  json: unknown,
  issue: z.core.$ZodIssue,
  leftOut: ReadonlyMap<string, string>,
): string {
  const value = issue.path.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : at),
    json,
  );
  const message =
    issue.path.at(-1) === 'collection' && typeof value === 'string' && leftOut.has(value)
      ? `collection "${value}" is invalid itself (${leftOut.get(value)})`
      : issue.message;
  return `${formatPath(issue.path)}: ${message}`;
}

/**
 * What every route answers (409) for a collection left out of the config for a problem of its own,
 * or undefined when `name` has none: the one wording, so content, media, schedules and drafts
 * name the problem alike and say the other collections work.
 */
export function collectionProblemOf(config: CmsConfig, name: string): string | undefined {
  const problem = config.problems && Object.hasOwn(config.problems, name) && config.problems[name];
  return problem
    ? `Collection ${name} is invalid in ${cmsConfigFileName}: ${problem}. Fix it there; the other collections work meanwhile`
    : undefined;
}
