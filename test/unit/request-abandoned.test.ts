import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynalite } from '../../infra/local/dynalite';
import { createProviderAccess } from '../../shared/auth/provider-access';
import { createUsers } from '../../shared/auth/users';
import { createGitHubClient } from '../../shared/adapters/github/github-client';
import { RequestAbandonedError, withRequestSignal } from '../../shared/request-signal';
import { createDocumentClient } from '../../shared/adapters/dynamodb/dynamodb-client';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { ensureTable } from '../../shared/adapters/dynamodb/ensure-table';
import { keys } from '../../shared/store/keys';
import { createMemoryKeyProvider } from '../fakes/memory-key-provider';

/**
 * A request that was abandoned (API Gateway answered 503, or the function's deadline came:
 * shared/request-signal.ts) starts nothing more where work leaves the process, GitHub and the
 * table, and cuts what is in flight; a provider token refresh GitHub has already been sent still
 * reaches the table.
 */
const abandoned = () => {
  const controller = new AbortController();
  controller.abort(new RequestAbandonedError('integration-timeout'));
  return controller.signal;
};

/**
 * A fetch that records what it was sent and answers `status`; with `whileSent`, it calls it and
 * then answers only when its signal is aborted (a request in flight).
 */
function recordingFetch(status: number, whileSent?: () => void) {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    if (!whileSent)
      return Promise.resolve(
        new Response('{}', { status, headers: { 'content-type': 'application/json' } }),
      );
    const cut = new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    );
    whileSent();
    return cut;
  };
  return { fetch, sent };
}

describe('GitHub calls of an abandoned request', () => {
  it('are never sent once the request is abandoned', async () => {
    // Prepare
    const { fetch, sent } = recordingFetch(200);
    const client = createGitHubClient('token', { apiUrl: 'https://api.github.test', fetch });

    // Act
    const writing = withRequestSignal(abandoned(), () =>
      client.request('PUT /repos/{owner}/{repo}/contents/{path}', {
        owner: 'o',
        repo: 'r',
        path: 'a.md',
        message: 'm',
        content: '',
      }),
    );

    // Assess
    await expect(writing).rejects.toBeDefined();
    expect(sent).toEqual([]);
  });

  it('are cut in flight when the request is abandoned, and not tried again', async () => {
    // Prepare
    const controller = new AbortController();
    const { fetch, sent } = recordingFetch(200, () =>
      controller.abort(new RequestAbandonedError('integration-timeout')),
    );
    const waits: number[] = [];
    const client = createGitHubClient('token', {
      apiUrl: 'https://api.github.test',
      fetch,
      wait: async (ms) => void waits.push(ms),
    });

    // Act
    const reading = withRequestSignal(controller.signal, () => client.request('GET /user'));

    // Assess: a read cut off looks like a 5xx to octokit, which it would otherwise repeat.
    await expect(reading).rejects.toBeDefined();
    expect(sent).toEqual(['GET /user']);
    expect(waits).toEqual([]);
  });

  it('stop waiting to try again when the request is abandoned during the wait', async () => {
    // Prepare: the first attempt fails with a 502, and the wait before the next never ends by itself.
    const { fetch, sent } = recordingFetch(502);
    const controller = new AbortController();
    const client = createGitHubClient('token', {
      apiUrl: 'https://api.github.test',
      fetch,
      wait: () => {
        controller.abort(new RequestAbandonedError('function-deadline'));
        return new Promise<void>(() => {});
      },
    });

    // Act + Assess
    await expect(
      withRequestSignal(controller.signal, () => client.request('GET /user')),
    ).rejects.toBeInstanceOf(RequestAbandonedError);
    expect(sent).toEqual(['GET /user']);
  });
});

describe('table calls of an abandoned request', () => {
  /** The store on an SDK client whose request handler records what reaches it and answers with `answer`. */
  const recordingStore = (
    answer: (signal: AbortSignal | undefined) => Promise<never> | Promise<{ response: object }>,
  ) => {
    const sent: (AbortSignal | undefined)[] = [];
    const requestHandler = {
      handle: (_request: unknown, options?: { abortSignal?: AbortSignal }) => (
        sent.push(options?.abortSignal),
        answer(options?.abortSignal)
      ),
      updateHttpClientConfig: () => {},
      httpHandlerConfigs: () => ({}),
      destroy: () => {},
    };
    const { doc } = createDocumentClient({ endpoint: 'http://table.test', requestHandler });
    return { sent, store: createDynamoDbStore({ client: doc, tableName: 'cms' }) };
  };

  it('are never sent once the request is abandoned', async () => {
    // Prepare
    const { sent, store } = recordingStore(async () => ({
      response: { statusCode: 200, headers: {}, body: new Uint8Array(Buffer.from('{}')) },
    }));

    // Act
    const writing = withRequestSignal(abandoned(), () => store.put({ pk: 'A', sk: 'B' }));

    // Assess
    await expect(writing).rejects.toBeInstanceOf(RequestAbandonedError);
    expect(sent).toEqual([]);
  });

  it("carry the request's signal, which cuts what is in flight, and are not tried again", async () => {
    // Prepare: the handler fails as a cut connection does once the signal is aborted.
    const controller = new AbortController();
    const { sent, store } = recordingStore(() => {
      controller.abort(new RequestAbandonedError('integration-timeout'));
      return Promise.reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    });

    // Act + Assess
    await expect(
      withRequestSignal(controller.signal, () => store.get({ pk: 'A', sk: 'B' })),
    ).rejects.toBeInstanceOf(RequestAbandonedError);
    expect(sent).toEqual([controller.signal]);
  });
});

describe('a provider token refresh of an abandoned request', () => {
  let dynalite: Awaited<ReturnType<typeof startDynalite>>;
  beforeAll(async () => {
    dynalite = await startDynalite({});
  });
  afterAll(() => dynalite?.close());

  it('stores the new tokens though the request was abandoned while GitHub refreshed them (the old refresh token is spent)', async () => {
    // Prepare: a user whose access token is about to expire, in a real table.
    const dynamo = createDocumentClient({
      endpoint: dynalite.endpoint,
      requestHandler: dynalite.requestHandler,
    });
    await ensureTable(dynamo.client, 'refresh');
    const store = createDynamoDbStore({ client: dynamo.doc, tableName: 'refresh' });
    const keyProvider = createMemoryKeyProvider();
    const now = Date.now();
    await createUsers(store, keyProvider, () => now).saveSignIn(
      { id: 7, login: 'demo', name: 'Demo', avatarUrl: '' },
      {
        accessToken: 'ghu_old',
        accessTokenExpiresAt: new Date(now + 60_000).toISOString(),
        refreshToken: 'ghr_old',
        refreshTokenExpiresAt: null,
      },
    );
    const controller = new AbortController();
    const access = createProviderAccess({
      store,
      keyProvider,
      oauth: {
        // GitHub answers the refresh just after API Gateway gave up on the request.
        async refresh() {
          controller.abort(new RequestAbandonedError('integration-timeout'));
          return {
            accessToken: 'ghu_new',
            accessTokenExpiresAt: new Date(now + 8 * 3_600_000).toISOString(),
            refreshToken: 'ghr_new',
            refreshTokenExpiresAt: null,
          };
        },
      },
    });

    const version = Number((await store.get(keys.user('7')))?.tokensVersion);

    // Act
    const token = await withRequestSignal(controller.signal, () => access.accessToken('7'));

    // Assess: the new pair is the one stored, and nothing is started after it.
    expect(token).toBe('ghu_new');
    expect((await store.get(keys.user('7')))?.tokensVersion).toBe(version + 1);
    expect(
      await createProviderAccess({
        store,
        keyProvider,
        oauth: { refresh: () => Promise.reject(new Error('not again')) },
      }).accessToken('7'),
    ).toBe('ghu_new');
    await expect(
      withRequestSignal(controller.signal, () => store.get(keys.user('7'))),
    ).rejects.toBeInstanceOf(RequestAbandonedError);
    dynamo.client.destroy();
  });
});
