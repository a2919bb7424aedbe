import { InvalidInputError } from '../errors';

/**
 * A change set is a named change request on `cms/_sets/{name}`. Collection names never start with
 * "_" (collection-name.ts), so no item's draft branch `cms/{collection}/{slug}` is ever a set's.
 */
export const setBranchPrefix = 'cms/_sets/';

/** Set names: lowercase letters, digits and "-", 1 to 64, starting with a letter or digit. */
export const setNamePattern = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const setNameProblem = (name: string): string | undefined =>
  setNamePattern.test(name)
    ? undefined
    : 'expected 1 to 64 lowercase letters a-z, digits and "-", starting with a letter or digit';

export function setBranchName(name: string): string {
  const problem = setNameProblem(name);
  if (problem) throw new InvalidInputError(`set: ${problem}`);
  return `${setBranchPrefix}${name}`;
}

/** The set's name of a `cms/_sets/{name}` branch, or undefined for any other branch. */
export function parseSetBranch(branch: string): string | undefined {
  if (!branch.startsWith(setBranchPrefix)) return undefined;
  const name = branch.slice(setBranchPrefix.length);
  return setNameProblem(name) === undefined ? name : undefined;
}
