import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUsers } from '../../shared/auth/users';
import { DecryptionError } from '../../shared/ports/key-provider';
import { createLocalKeyProvider } from '../../shared/adapters/local/local-key-provider';
import { keys } from '../../shared/store/keys';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';

const tokens = (name: string) => ({
  accessToken: `ghu_${name}`,
  accessTokenExpiresAt: '2030-01-01T00:00:00.000Z',
  refreshToken: `ghr_${name}`,
  refreshTokenExpiresAt: '2030-06-01T00:00:00.000Z',
});

describe('users and their provider tokens', () => {
  it('stores tokens sealed and opens them for their owner', async () => {
    // Prepare
    const store = createMemoryStore();
    const users = createUsers(store, createLocalKeyProvider(randomBytes(32)));
    // Act
    const userId = await users.saveSignIn(
      { id: 1, login: 'alice', name: 'Alice', avatarUrl: 'https://x/a.png' },
      tokens('alice'),
    );
    // Assess
    const raw = await store.get(keys.user(userId));
    expect(JSON.stringify(raw)).not.toContain('ghu_alice');
    expect(await users.getTokens(userId)).toEqual(tokens('alice'));
    expect(await users.get(userId)).toMatchObject({ login: 'alice', tokensVersion: 1 });
  });

  it("refuses a ciphertext copied into another user's record", async () => {
    const store = createMemoryStore();
    const users = createUsers(store, createLocalKeyProvider(randomBytes(32)));
    const alice = await users.saveSignIn(
      { id: 1, login: 'alice', name: null, avatarUrl: '' },
      tokens('alice'),
    );
    const bob = await users.saveSignIn(
      { id: 2, login: 'bob', name: null, avatarUrl: '' },
      tokens('bob'),
    );
    const aliceItem = await store.get(keys.user(alice));
    await store.update(keys.user(bob), { tokens: aliceItem!.tokens });
    await expect(users.getTokens(bob)).rejects.toBeInstanceOf(DecryptionError);
  });

  it('bumps the version at every sign-in', async () => {
    const store = createMemoryStore();
    const users = createUsers(store, createLocalKeyProvider(randomBytes(32)));
    const user = { id: 7, login: 'demo', name: null, avatarUrl: '' };
    await users.saveSignIn(user, tokens('one'));
    await users.saveSignIn(user, tokens('two'));
    expect(await users.get('7')).toMatchObject({ tokensVersion: 2 });
    expect((await users.getTokens('7'))?.accessToken).toBe('ghu_two');
  });
});
