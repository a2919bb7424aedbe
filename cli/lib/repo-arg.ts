import { InvalidArgumentError } from 'commander';

/** `owner/name`, checked before anything is sent (a typo is a usage error, exit 2). */
export function repoArgument(value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9-]*\/[A-Za-z0-9._-]+$/.test(value))
    throw new InvalidArgumentError('expected a repository as owner/name');
  return value;
}

export function pullNumberArgument(value: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(value))
    throw new InvalidArgumentError('expected a pull request number');
  return Number(value);
}
