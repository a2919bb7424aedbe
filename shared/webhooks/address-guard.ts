import { isIP } from 'node:net';
import { InvalidInputError } from '../errors';
import type { Lookup } from '../ports/dns-lookup';

/**
 * The SSRF guard of outbound webhooks. A subscription's URL must be https (http only to loopback,
 * when the deployment allows it: local mode); its host is resolved, and every address must be
 * public: private, loopback, link-local, CGNAT, multicast, reserved and unspecified IPv4, IPv6
 * loopback, unspecified, ULA, link-local and multicast, and IPv4-mapped or NAT64 forms of those,
 * are refused unless the deployment lists them (`allowedPrivate`: CIDRs or host names). The check
 * runs when a subscription is made and again at every delivery, on the address then connected to
 * (a host that resolves elsewhere later, DNS rebinding, gains nothing).
 */
export interface NetworkPolicy {
  /** CIDRs (`10.0.0.0/8`, `fd00::/8`), single addresses or host names a deployment allows although private. */
  allowedPrivate: readonly string[];
  /** `http://` to a loopback host (localhost, 127.0.0.0/8, ::1) is accepted: local mode, so receivers on this machine can be tried. */
  allowHttpLoopback: boolean;
}

/** Local mode's default: loopback allowed, over http too. A deployment on AWS allows nothing private unless configured. */
export const localNetworkPolicy: NetworkPolicy = {
  allowedPrivate: ['127.0.0.0/8', '::1'],
  allowHttpLoopback: true,
};
export const strictNetworkPolicy: NetworkPolicy = { allowedPrivate: [], allowHttpLoopback: false };

type Range = { bytes: Buffer; bits: number; name: string };

function v4Bytes(address: string): Buffer | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255))
    return undefined;
  return Buffer.from(parts.map(Number));
}

function v6Bytes(address: string): Buffer | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.split('%')[0]!;
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const bytes = v4Bytes(v4[1]!)!;
    tail.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
    text = text.slice(0, -v4[1]!.length) + (text.endsWith(`::${v4[1]}`) ? '' : '0');
    if (text.endsWith(':0')) text = text.slice(0, -2);
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => parseInt(group, 16));
  const left = parse(head);
  const right = [...parse(rest ?? ''), ...tail];
  const fill = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(fill).fill(0), ...right];
  if (groups.length !== 8) return undefined;
  const buffer = Buffer.alloc(16);
  groups.forEach((group, index) => buffer.writeUInt16BE(group, index * 2));
  return buffer;
}

const bytesOf = (address: string): Buffer | undefined =>
  isIP(address) === 4 ? v4Bytes(address) : v6Bytes(address);

function range(cidr: string, name: string): Range {
  const [address, bits] = cidr.split('/') as [string, string | undefined];
  const bytes = bytesOf(address);
  if (!bytes) throw new Error(`Not an address: ${cidr}`);
  return { bytes, bits: bits === undefined ? bytes.length * 8 : Number(bits), name };
}

function within(bytes: Buffer, candidate: Range): boolean {
  if (bytes.length !== candidate.bytes.length) return false;
  for (let bit = 0; bit < candidate.bits; bit += 1) {
    const mask = 0x80 >> (bit % 8);
    if ((bytes[bit >> 3]! & mask) !== (candidate.bytes[bit >> 3]! & mask)) return false;
  }
  return true;
}

const v4Forbidden = [
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'CGNAT'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'reserved'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];
const v6Forbidden = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('fc00::/7', 'unique local (ULA)'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'site-local'),
  range('ff00::/8', 'multicast'),
];
/** IPv6 forms that carry an IPv4 address in their last 32 bits: mapped (::ffff:a.b.c.d), compatible, NAT64. */
const v4Carriers = [
  range('::ffff:0:0/96', 'mapped'),
  range('64:ff9b::/96', 'NAT64'),
  range('::/96', 'compatible'),
];

/** The name of the forbidden range `address` is in, or undefined for a public address. */
export function forbiddenRangeOf(address: string): string | undefined {
  const bytes = bytesOf(address);
  if (!bytes) return 'not an address';
  if (bytes.length === 4) return v4Forbidden.find((candidate) => within(bytes, candidate))?.name;
  const own = v6Forbidden.find((candidate) => within(bytes, candidate))?.name;
  if (own) return own;
  if (v4Carriers.some((candidate) => within(bytes, candidate))) {
    const inner = bytes.subarray(12);
    return v4Forbidden.find((candidate) => within(inner, candidate))?.name;
  }
  return undefined;
}

function allowedByPolicy(host: string, address: string, policy: NetworkPolicy): boolean {
  const bytes = bytesOf(address)!;
  const inner =
    bytes.length === 16 && within(bytes, v4Carriers[0]!) ? bytes.subarray(12) : undefined;
  return policy.allowedPrivate.some((entry) => {
    if (isIP(entry.split('/')[0]!) === 0) return entry.toLowerCase() === host.toLowerCase();
    const allowed = range(entry, 'allowed');
    return within(bytes, allowed) || (inner !== undefined && within(inner, allowed));
  });
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const isLoopbackHost = (host: string) =>
  host === 'localhost' || forbiddenRangeOf(host) === 'loopback';

/** Why `text` cannot be a subscription URL, or undefined when it can (its addresses are checked apart). */
export function checkWebhookUrl(text: string, policy: NetworkPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && policy.allowHttpLoopback && isLoopbackHost(bareHost(url)))
    return undefined;
  return policy.allowHttpLoopback
    ? 'must be https (http only to a loopback host)'
    : 'must be https';
}

/**
 * The address to connect to for `url`: its host resolved, every answer checked against the
 * policy (one forbidden answer refuses the host), the first returned. Throws InvalidInputError.
 */
export async function resolveWebhookTarget(
  url: URL,
  policy: NetworkPolicy,
  lookup: Lookup,
): Promise<{ address: string; family: number }> {
  const host = bareHost(url);
  let answers: { address: string; family: number }[];
  if (isIP(host) !== 0) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await lookup(host);
    } catch {
      answers = [];
    }
    if (answers.length === 0) throw new InvalidInputError(`url: ${host} does not resolve`);
  }
  for (const { address } of answers) {
    const forbidden = forbiddenRangeOf(address);
    if (forbidden && !allowedByPolicy(host, address, policy)) {
      throw new InvalidInputError(
        `url: ${host} resolves to ${address}, a ${forbidden} address this deployment does not deliver to (WEBHOOK_ALLOWED_PRIVATE lists exceptions)`,
      );
    }
  }
  return answers[0]!;
}
