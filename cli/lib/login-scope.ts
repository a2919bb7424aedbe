import type { DeviceStartBody } from '../../shared/auth/token-schemas';
import { InvalidArgumentError } from 'commander';

/** What `cms login` may ask the device flow for; absent options leave the service's default. */
export interface LoginScope {
  permissions?: string[];
  repos?: string[];
  expiresIn?: number;
}

/** `a,b, c` → `['a', 'b', 'c']`; the service checks the names (and answers 400 naming a wrong one). */
export function listArgument(value: string): string[] {
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new InvalidArgumentError('expected a comma-separated list');
  return entries;
}

const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

/** `7d`, `12h`, `30m`, `90s` or plain seconds; the service caps device-flow tokens at 90 days. */
export function durationArgument(value: string): number {
  const match = /^([1-9][0-9]{0,9})([smhd]?)$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('expected a duration such as 7d, 12h, 30m or a number of seconds');
  return Number(match[1]) * unitSeconds[match[2] || 's']!;
}

/**
 * The JSON body of `POST /auth/device`, or undefined (no body: the spec's default token). The
 * permission names are sent as typed: the service checks them and names a wrong one in its 400.
 */
export function deviceBody(scope: LoginScope): DeviceStartBody | undefined {
  const body = Object.fromEntries(Object.entries(scope).filter(([, value]) => value !== undefined)) as DeviceStartBody;
  return Object.keys(body).length > 0 ? body : undefined;
}
