import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  forbiddenRangeOf,
  resolveWebhookTarget,
  type NetworkPolicy,
} from '../../../shared/webhooks/address-guard';

const strict: NetworkPolicy = { allowedPrivate: [], allowHttpLoopback: false };
const local: NetworkPolicy = { allowedPrivate: ['127.0.0.0/8', '::1'], allowHttpLoopback: true };
const lookupOf = (table: Record<string, string[]>) => async (host: string) => {
  const addresses = table[host];
  if (!addresses)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('webhook address guard', () => {
  it('names the forbidden ranges: private, loopback, link-local, CGNAT, multicast, unspecified, ULA, mapped', () => {
    const forbidden = [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '224.0.0.1',
      '239.1.1.1',
      '0.0.0.0',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
    ];
    for (const address of forbidden)
      expect(forbiddenRangeOf(address), address).toBeTypeOf('string');
    const fine = [
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '8.8.8.8',
      '2606:2800:220:1:248:1893:25c8:1946',
      '::ffff:8.8.8.8',
    ];
    for (const address of fine) expect(forbiddenRangeOf(address), address).toBeUndefined();
  });

  it('allows https only by default, loopback included', () => {
    expect(checkWebhookUrl('https://hooks.example.com/x', strict)).toBeUndefined();
    expect(checkWebhookUrl('http://hooks.example.com/x', strict)).toMatch(/https/);
    expect(checkWebhookUrl('http://127.0.0.1:9000/x', strict)).toMatch(/https/);
  });

  it('allows http to loopback only, when the deployment allows it', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9000/x', local)).toBeUndefined();
    expect(checkWebhookUrl('http://localhost:9000/x', local)).toBeUndefined();
    expect(checkWebhookUrl('http://hooks.example.com/x', local)).toMatch(/https/);
    expect(checkWebhookUrl('ftp://hooks.example.com/x', local)).toMatch(/https/);
  });

  it('refuses what is no URL, and a URL carrying credentials', () => {
    expect(checkWebhookUrl('not a url', strict)).toMatch(/URL/);
    expect(checkWebhookUrl('https://user:pw@hooks.example.com/', strict)).toMatch(/credentials/);
  });

  it('resolves the host and refuses when any address is forbidden (checked at each delivery: DNS rebinding)', async () => {
    const lookup = lookupOf({
      'hooks.example.com': ['93.184.216.34'],
      'rebind.example.com': ['93.184.216.34', '10.0.0.5'],
      'meta.example.com': ['169.254.169.254'],
    });
    await expect(
      resolveWebhookTarget(new URL('https://hooks.example.com/a'), strict, lookup),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(
      resolveWebhookTarget(new URL('https://rebind.example.com/a'), strict, lookup),
    ).rejects.toThrow(/10\.0\.0\.5.*private/);
    await expect(
      resolveWebhookTarget(new URL('https://meta.example.com/a'), strict, lookup),
    ).rejects.toThrow(/link-local/);
    await expect(resolveWebhookTarget(new URL('https://[::1]/a'), strict, lookup)).rejects.toThrow(
      /loopback/,
    );
    await expect(
      resolveWebhookTarget(new URL('https://nowhere.example.com/a'), strict, lookup),
    ).rejects.toThrow(/does not resolve/);
  });

  it('lets a deployment allow private CIDRs and host names explicitly', async () => {
    const lookup = lookupOf({ 'ci.internal': ['10.20.0.7'], localhost: ['127.0.0.1'] });
    const policy: NetworkPolicy = {
      allowedPrivate: ['10.20.0.0/16', 'ci.internal'],
      allowHttpLoopback: false,
    };
    await expect(
      resolveWebhookTarget(new URL('https://ci.internal/a'), policy, lookup),
    ).resolves.toEqual({ address: '10.20.0.7', family: 4 });
    await expect(
      resolveWebhookTarget(new URL('https://10.20.3.4/a'), policy, lookup),
    ).resolves.toEqual({ address: '10.20.3.4', family: 4 });
    await expect(
      resolveWebhookTarget(new URL('https://10.21.3.4/a'), policy, lookup),
    ).rejects.toThrow(/private/);
    await expect(
      resolveWebhookTarget(new URL('http://localhost:9/a'), local, lookup),
    ).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });
});
