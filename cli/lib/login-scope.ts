import { permissions } from '../../shared/auth/permissions';
import type { DeviceStartBody } from '../../shared/auth/token-schemas';
import { InvalidArgumentError } from 'commander';

/** What `cms login` may ask the device flow for; an absent option takes the CLI's default. */
export interface LoginScope {
  permissions?: string[];
  repos?: string[];
  expiresIn?: number;
}

const day = 86_400;

/**
 * What `cms login` asks for without options: the least the everyday commands need (list, read and
 * save content, drafts and their pull requests, the config, the connected repositories), for 30
 * days. Deleting, publishing (merge, schedules) and webhooks need `--permissions`; every
 * permission is `--permissions all`. The service's own default without a body (every
 * permission, 90 days: the spec's device token) is never asked for implicitly.
 */
export const defaultLoginScope = {
  permissions: ['content:read', 'content:write', 'config:read', 'repos:read'],
  repos: ['*'],
  expiresIn: 30 * day,
} as const satisfies Required<LoginScope>;

/** `a,b, c` → `['a', 'b', 'c']`; the service checks the names (and answers 400 naming a wrong one). */
export function listArgument(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new InvalidArgumentError('expected a comma-separated list');
  return entries;
}

/** `--permissions`: a list as listArgument reads it, or `all` alone for every permission. */
export function permissionsArgument(value: string): string[] {
  const entries = listArgument(value);
  if (!entries.includes('all')) return entries;
  if (entries.length > 1)
    throw new InvalidArgumentError('"all" stands alone: it already names every permission');
  return [...permissions];
}

const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3_600, d: day };

/** `7d`, `12h`, `30m`, `90s` or plain seconds; the service caps device-flow tokens at 90 days. */
export function durationArgument(value: string): number {
  const match = /^([1-9][0-9]{0,9})([smhd]?)$/.exec(value.trim());
  if (!match)
    throw new InvalidArgumentError(
      'expected a duration such as 7d, 12h, 30m or a number of seconds',
    );
  return Number(match[1]) * unitSeconds[match[2] || 's']!;
}

/** The scope to ask for: each option given, else the CLI's default. */
export function loginScope(options: LoginScope): Required<LoginScope> {
  return {
    permissions: options.permissions ?? [...defaultLoginScope.permissions],
    repos: options.repos ?? [...defaultLoginScope.repos],
    expiresIn: options.expiresIn ?? defaultLoginScope.expiresIn,
  };
}

export const reposInWords = (repos: readonly string[]): string =>
  repos.includes('*') ? 'every repository' : repos.join(', ');

/** The scope in words, as `cms login` says what it asks for. */
export function scopeInWords(scope: Required<LoginScope>): string {
  const repos = reposInWords(scope.repos);
  const seconds = scope.expiresIn;
  const lifetime =
    seconds % day === 0
      ? `${seconds / day} day${seconds === day ? '' : 's'}`
      : seconds % 3_600 === 0
        ? `${seconds / 3_600} h`
        : seconds % 60 === 0
          ? `${seconds / 60} min`
          : `${seconds} s`;
  return `${scope.permissions.join(', ')} on ${repos}, for ${lifetime}`;
}

/**
 * The JSON body of `POST /auth/device`: always the whole scope, so the service never mints its
 * spec default (every permission) unasked. Permission names are sent as typed: the service checks
 * them and names a wrong one in its 400.
 */
export function deviceBody(scope: Required<LoginScope>): DeviceStartBody {
  return {
    permissions: scope.permissions as DeviceStartBody['permissions'],
    repos: scope.repos,
    expiresIn: scope.expiresIn,
  };
}
