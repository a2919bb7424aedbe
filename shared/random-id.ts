import { randomBytes, randomInt } from 'node:crypto';

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `bytes` random bytes as base64url, for ids people pass around (schedules, webhooks, API
 * tokens). Never starting with "-" or "_": such ids are typed as command-line arguments, where a
 * leading "-" reads as an option (`cms schedules rm demo/blog -f3…`). The first character is then
 * drawn again from the letters and digits, which costs less than one bit of the id's randomness.
 */
export function randomId(bytes: number): string {
  const id = randomBytes(bytes).toString('base64url');
  return /^[-_]/.test(id) ? `${alphanumeric[randomInt(alphanumeric.length)]}${id.slice(1)}` : id;
}
