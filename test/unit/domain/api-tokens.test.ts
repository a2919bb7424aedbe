import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiTokens } from '../../../shared/auth/api-tokens';
import { maxActiveTokens } from '../../../shared/auth/token-limits';
import type { CreateTokenBody } from '../../../shared/auth/token-schemas';
import { InvalidInputError, NotFoundError, UnauthenticatedError } from '../../../shared/errors';
import { keys } from '../../../shared/store/keys';
import { createMemoryStore } from '../../../shared/adapters/local/memory-store';
import type { Store } from '../../../shared/ports/store';
import { forbidNetwork } from './world';

const alice = { userId: '1002', login: 'alice' };
const bob = { userId: '1003', login: 'bob' };
const input: CreateTokenBody = {
  name: 'CI',
  repos: ['demo/blog', 'Demo/Blog', 'demo/docs'],
  permissions: ['content:read', 'content:read', 'content:write'],
};

describe('API tokens (memory store)', () => {
  let clock: number;
  let store: Store;
  let hmacKey: Buffer;
  let tokens: ReturnType<typeof createApiTokens>;
  const create = (owner = alice, overrides: Partial<CreateTokenBody> = {}) =>
    tokens.create(owner, { ...input, ...overrides });

  beforeAll(forbidNetwork);
  beforeEach(() => {
    clock = Date.parse('2025-03-01T12:00:00Z');
    store = createMemoryStore({ now: () => clock });
    hmacKey = randomBytes(32);
    tokens = createApiTokens(store, hmacKey, () => clock);
  });

  it('mints a token shown once, scoped as asked with duplicates collapsed, and verifies it', async () => {
    const created = await create(alice, { expiresIn: 3600 });
    expect(created.token).toMatch(/^cms_[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'CI',
      repos: ['demo/blog', 'demo/docs'],
      permissions: ['content:read', 'content:write'],
      createdAt: '2025-03-01T12:00:00.000Z',
      expiresAt: '2025-03-01T13:00:00.000Z',
      lastUsedAt: null,
    });
    expect(await tokens.verify(created.token)).toEqual({
      kind: 'token',
      tokenId: created.tokenId,
      userId: alice.userId,
      login: 'alice',
      repos: ['demo/blog', 'demo/docs'],
      permissions: ['content:read', 'content:write'],
    });
    expect(JSON.stringify(await store.get(keys.apiToken(created.tokenId)))).not.toContain(
      created.token.split('.')[1],
    );
  });

  it('refuses malformed and forged tokens without a table read, and a token signed under another key', async () => {
    const created = await create();
    const reads = { count: 0 };
    const counted = createApiTokens(
      { ...store, get: (key) => (reads.count++, store.get(key)) },
      hmacKey,
      () => clock,
    );
    const [id, mac] = created.token.slice(4).split('.') as [string, string];
    for (const forged of [
      '',
      'cms_short.x',
      `cms_${id}.${'A'.repeat(43)}`,
      `cms_${id}.${mac}x`,
      `Bearer ${created.token}`,
    ]) {
      await expect(counted.verify(forged)).rejects.toBeInstanceOf(UnauthenticatedError);
    }
    expect(reads.count).toBe(0);
    await expect(
      createApiTokens(store, randomBytes(32), () => clock).verify(created.token),
    ).rejects.toThrow('Invalid API token');
  });

  it('stops accepting a token when it expires or is revoked', async () => {
    const expiring = await create(alice, { expiresIn: 60 });
    const revoked = await create();
    await tokens.revoke(alice.userId, revoked.tokenId);
    await expect(tokens.verify(revoked.token)).rejects.toThrow('API token is revoked or expired');
    clock += 60_000;
    await expect(tokens.verify(expiring.token)).rejects.toThrow('API token is revoked or expired');
  });

  it('records the last use at most once a minute', async () => {
    const created = await create();
    await tokens.verify(created.token);
    const first = (await tokens.list(alice.userId))[0]!.lastUsedAt;
    expect(first).toBe('2025-03-01T12:00:00.000Z');
    clock += 30_000;
    await tokens.verify(created.token);
    expect((await tokens.list(alice.userId))[0]!.lastUsedAt).toBe(first);
    clock += 31_000;
    await tokens.verify(created.token);
    expect((await tokens.list(alice.userId))[0]!.lastUsedAt).toBe('2025-03-01T12:01:01.000Z');
  });

  it("lists a user's own tokens, oldest first, without secrets", async () => {
    const first = await create(alice, { name: 'first' });
    clock += 1000;
    const second = await create(alice, { name: 'second' });
    await create(bob, { name: 'bob' });
    const listed = await tokens.list(alice.userId);
    expect(listed.map((token) => token.tokenId)).toEqual([first.tokenId, second.tokenId]);
    expect(listed.every((token) => !('token' in token))).toBe(true);
  });

  it("answers 404 alike for another user's token, an unknown one and a malformed id", async () => {
    const created = await create();
    await expect(tokens.revoke(bob.userId, created.tokenId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(tokens.revoke(alice.userId, 'A'.repeat(22))).rejects.toBeInstanceOf(NotFoundError);
    await expect(tokens.revoke(alice.userId, '../x')).rejects.toBeInstanceOf(NotFoundError);
    expect((await tokens.verify(created.token)).userId).toBe(alice.userId);
  });

  it(`caps a user at ${maxActiveTokens} active tokens; expired and revoked ones do not count`, async () => {
    const expiring = await create(alice, { expiresIn: 60 });
    const made = [];
    for (let n = 1; n < maxActiveTokens; n += 1) made.push(await create());
    await expect(create()).rejects.toBeInstanceOf(InvalidInputError);
    await expect(create(bob)).resolves.toMatchObject({ name: 'CI' });
    await tokens.revoke(alice.userId, made[0]!.tokenId);
    await create();
    clock += 60_000;
    expect((await tokens.list(alice.userId)).map((token) => token.tokenId)).not.toContain(
      expiring.tokenId,
    );
    await create();
    await expect(create()).rejects.toThrow(`You already have ${maxActiveTokens} active API tokens`);
  });
});
