import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LATENCY_MS } from '../src/latency';
import { api, startTestHost, TEST_CALLBACK_URL, type TestHost } from './helpers';

/**
 * `latencyMs`: every REST, GraphQL and OAuth request waits that long before it is served. The
 * host's waiting is replaced by one the test releases, so what is asserted is that the delay was
 * asked for with the configured value and that nothing answered the request before it ended;
 * no clock is read.
 */
describe('the latency option', () => {
  let host: TestHost;
  let token: string;
  /** Each wait the host asked for, in order: its value, the newest logged request then, and the release. */
  const waits: { ms: number; newest: string | undefined; release(): void }[] = [];
  let onWait: (() => void) | undefined;

  beforeAll(async () => {
    host = await startTestHost({
      latencyMs: 80,
      wait: (ms) =>
        new Promise<void>((release) => {
          waits.push({ ms, newest: host.gh.requestLog().at(-1)?.path, release });
          onWait?.();
        }),
    });
    token = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(() => host.dispose());

  /** Starts the request, waits until the host asks to wait for it, and shows it is not answered before that wait ends. */
  async function heldFor(ms: number, request: () => Promise<{ status: number }>) {
    const before = waits.length;
    const asked = new Promise<void>((resolve) => (onWait = resolve));
    let answered = false;
    const pending = request().then((response) => {
      answered = true;
      return response;
    });
    await asked;
    expect(waits.length).toBe(before + 1);
    const wait = waits[before]!;
    expect(wait.ms).toBe(ms);
    // The host answers only after the wait it asked for, which has not ended.
    expect(answered).toBe(false);
    wait.release();
    return { answer: await pending, newest: wait.newest };
  }

  it('holds a REST request for latencyMs before answering it', async () => {
    const { answer, newest } = await heldFor(80, () => api(host.gh, '/repos/demo/blog', { token }));
    expect(answer.status).toBe(200);
    expect(newest).toBe('/api/v3/repos/demo/blog');
  });

  it('holds GraphQL and the OAuth token endpoint too', async () => {
    const graphql = await heldFor(80, () =>
      fetch(`${host.gh.url}/api/graphql`, {
        method: 'POST',
        headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query Viewer { viewer { login } }' }),
      }),
    );
    expect(graphql.answer.status).toBe(200);
    expect(graphql.newest).toBe('/api/graphql');
    const oauth = await heldFor(80, () =>
      fetch(`${host.gh.url}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: host.gh.app.clientId,
          client_secret: host.gh.app.clientSecret,
          code: 'no-such-code',
          redirect_uri: TEST_CALLBACK_URL,
        }),
      }),
    );
    // A refused code is answered after the same wait, as GitHub answers it: every request pays the round trip.
    expect(oauth.answer.status).toBe(200);
    expect(oauth.newest).toBe('/login/oauth/access_token');
    // The sign-in page is not an API round trip (not logged), but a browser waits for it all the same.
    const authorize = await heldFor(80, () =>
      fetch(
        `${host.gh.url}/login/oauth/authorize?client_id=${host.gh.app.clientId}&redirect_uri=${encodeURIComponent(TEST_CALLBACK_URL)}`,
      ),
    );
    expect(authorize.answer.status).toBe(200);
  });

  it('serves its own pages without waiting, and nothing waits once the latency is set to 0', async () => {
    const before = waits.length;
    expect((await fetch(`${host.gh.url}/`)).status).toBe(200);
    host.gh.setLatency(0);
    expect((await api(host.gh, '/repos/demo/blog', { token })).status).toBe(200);
    expect(waits.length).toBe(before);
    host.gh.setLatency(25);
    expect((await heldFor(25, () => api(host.gh, '/user', { token }))).answer.status).toBe(200);
    host.gh.setLatency(80);
  });

  it('refuses a latency that is not a whole number of milliseconds up to 10 s', () => {
    for (const wrong of [-1, 1.5, MAX_LATENCY_MS + 1, Number.NaN])
      expect(() => host.gh.setLatency(wrong)).toThrow(
        /latencyMs must be a whole number of milliseconds from 0 to 10,000/,
      );
  });
});
