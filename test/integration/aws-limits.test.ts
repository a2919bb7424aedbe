import { brotliDecompressSync } from 'node:zlib';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../infra/local/runtime';
import { lambdaRequestLimitBytes, lambdaResponseLimitBytes } from '../../shared/http/aws-limits';
import type { Logger } from '../../shared/logger';
import { apiClient } from '../support/api-client';
import { generatedListItems } from '../support/generated-list';
import { startTestService, type TestService } from '../support/local-service';
import { responseValidator } from '../support/openapi-validator';
import { sendRaw, type RawAnswer } from '../support/raw-http';
import { refsOfEveryRepo } from '../support/state-snapshot';

/**
 * Local mode fails where AWS fails (infra/local/aws-invocation.ts, docs/limits.md), over real
 * HTTP against dynalite and the local host: an event over Lambda's request limit and an answer
 * over its response limit are refused as API Gateway refuses them, and a request past the
 * integration timeout answers 503 while its remaining work is abandoned. Each refusal is one log
 * line naming the limit, the size and the route.
 */

interface Line {
  message: string;
  fields: Record<string, unknown>;
}
const recordingLogger = (lines: Line[]): Logger => ({
  info: () => {},
  error: (message, fields = {}) => lines.push({ message, fields }),
});

/** Every item of the table, as stored: nothing is left out. */
async function wholeTable(service: TestService) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await service.dynamo.doc.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort((a, b) =>
    `${String(a.pk)} ${String(a.sk)}`.localeCompare(`${String(b.pk)} ${String(b.sk)}`),
  );
}

const author = { name: 'Site', email: 'site@example.com' };

/** The OpenAPI document declares API Gateway's own answers where they can happen. */
const assertDocumented = (method: string, path: string, answer: RawAnswer) =>
  responseValidator().assertValid({
    method,
    path,
    status: answer.status,
    contentType: answer.headers['content-type'] ?? null,
    text: answer.text,
    headers: answer.headers,
  });

describe("Lambda's payload limits", () => {
  const lines: Line[] = [];
  let service: TestService;
  let session: string;
  const headers = () => ({ cookie: `cms_session=${session}`, origin: service.url });

  beforeAll(async () => {
    service = await startTestService({ logger: recordingLogger(lines) });
    const api = apiClient(service.url);
    session = await api.signIn('demo');
    expect((await api.post('/api/repos', { fullName: 'demo/blog' }, { session })).status).toBe(201);
    // 70 posts of ~100 KB of frontmatter: a list of ~7 MB as JSON, ~1 MB compressed.
    const words = generatedListItems(2_000).map((item) => String(item.frontmatter.summary));
    await service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Long posts',
      author,
      changes: [
        ...Array.from({ length: 70 }, (_, index) => ({
          path: `content/posts/long-${index}.md`,
          content: `---\ntitle: Long post ${index}\ndate: 2024-06-01\ndescription: ${JSON.stringify(
            words
              .slice(index * 25, index * 25 + 500)
              .join(' ')
              .slice(0, 100_000),
          )}\n---\nBody ${index}\n`,
        })),
        // One item whose body alone is ~7 MB: an item read has no size check of its own.
        {
          path: 'content/pages/huge.md',
          content: `---\ntitle: Huge\n---\n${Array.from({ length: 14 }, () => words.join(' '))
            .join('\n')
            .slice(0, 7_000_000)}\n`,
        },
      ],
    });
  }, 120_000);
  afterAll(() => service?.stop());

  it("refuses a request whose event is over Lambda's 6 MiB request limit with API Gateway's 413, logs it, and changes nothing", async () => {
    // Prepare
    const before = refsOfEveryRepo(service);
    const body = JSON.stringify({
      frontmatter: { title: 'Huge', date: '2024-06-01' },
      body: 'x'.repeat(lambdaRequestLimitBytes),
      mode: 'direct',
    });
    lines.length = 0;

    // Act
    const answer = await sendRaw(service.url, {
      method: 'PUT',
      path: '/api/repos/demo%2Fblog/content/posts/huge',
      headers: { ...headers(), 'content-type': 'application/json' },
      body,
    });

    // Assess
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ message: 'Request Entity Too Large' });
    assertDocumented('PUT', '/api/repos/demo%2Fblog/content/posts/huge', answer);
    expect(lines).toEqual([
      {
        message: "Request over Lambda's invocation request limit",
        fields: expect.objectContaining({
          limit: 'lambda-request-payload',
          limitBytes: lambdaRequestLimitBytes,
          bytes: expect.any(Number),
          route: 'putContent',
        }),
      },
    ]);
    expect(lines[0]!.fields.bytes).toBeGreaterThan(lambdaRequestLimitBytes);
    expect(refsOfEveryRepo(service)).toEqual(before);
  });

  it("answers API Gateway's 500 to an answer over Lambda's 6 MB response limit as sent, and the same answer compressed", async () => {
    // Act
    lines.length = 0;
    const path = '/api/repos/demo%2Fblog/content/pages/huge';
    const plain = await sendRaw(service.url, { method: 'GET', path, headers: headers() });
    const compressed = await sendRaw(service.url, {
      method: 'GET',
      path,
      headers: { ...headers(), 'accept-encoding': 'br' },
    });

    // Assess: without compression the answer cannot leave Lambda; compressed, the same item fits.
    expect(plain.status).toBe(500);
    expect(plain.json).toEqual({ message: 'Internal Server Error' });
    assertDocumented('GET', path, plain);
    expect(lines).toEqual([
      {
        message: "Answer over Lambda's invocation response limit",
        fields: expect.objectContaining({
          limit: 'lambda-response-payload',
          limitBytes: lambdaResponseLimitBytes,
          status: 200,
          route: 'getContent',
        }),
      },
    ]);
    expect(lines[0]!.fields.bytes).toBeGreaterThan(lambdaResponseLimitBytes);
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(
      (JSON.parse(brotliDecompressSync(compressed.bytes).toString('utf8')) as { body: string }).body
        .length,
    ).toBeGreaterThan(6_500_000);
    expect(compressed.bytes.length).toBeLessThan(lambdaResponseLimitBytes);
  });

  it('answers a list too large for one answer a 400 naming limit and cursor before the gateway would refuse it, and the same list compressed', async () => {
    // Act
    lines.length = 0;
    const plain = await sendRaw(service.url, {
      method: 'GET',
      path: '/api/repos/demo%2Fblog/content/posts',
      headers: headers(),
    });
    const compressed = await sendRaw(service.url, {
      method: 'GET',
      path: '/api/repos/demo%2Fblog/content/posts',
      headers: { ...headers(), 'accept-encoding': 'br' },
    });

    // Assess: the list measures itself as the responder would send it (docs/api-guide.md, "Large collections").
    expect(plain.status).toBe(400);
    expect((plain.json as { error: string }).error).toMatch(
      /^posts has 7\d items \(about 7 MB as JSON\), more than one answer can carry \(6 MB\); ask for pages: \?limit=1000, then follow the Link header's rel="next" \(cursor\)$/,
    );
    assertDocumented('GET', '/api/repos/demo%2Fblog/content/posts', plain);
    expect(lines).toEqual([]);
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    const items = JSON.parse(brotliDecompressSync(compressed.bytes).toString('utf8')) as {
      slug: string;
    }[];
    expect(items.filter((item) => item.slug.startsWith('long-'))).toHaveLength(70);
    expect(compressed.bytes.length).toBeLessThan(lambdaResponseLimitBytes);
  });
});

describe('the integration timeout', () => {
  const lines: Line[] = [];
  let service: TestService;
  let session: string;

  beforeAll(async () => {
    // Long enough for every other request here on a busy machine, and under the GitHub client's
    // 6 s per attempt (github-client.ts), which would otherwise give up on the held request and retry.
    service = await startTestService({
      logger: recordingLogger(lines),
      integrationTimeoutMs: 4_000,
    });
    const api = apiClient(service.url);
    session = await api.signIn('demo');
    expect((await api.post('/api/repos', { fullName: 'demo/blog' }, { session })).status).toBe(201);
  }, 60_000);
  afterAll(() => service?.stop());

  it('answers 503 as API Gateway does while GitHub holds the request, and the save goes no further: no GitHub request, commit or table write after', async () => {
    // Prepare: GitHub holds the save's first request past the integration timeout.
    const refs = refsOfEveryRepo(service);
    const held = service.github.holdRequest({});
    lines.length = 0;

    // Act
    const saving = sendRaw(service.url, {
      method: 'PUT',
      path: '/api/repos/demo%2Fblog/content/posts/too-late',
      headers: {
        cookie: `cms_session=${session}`,
        origin: service.url,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        frontmatter: { title: 'Too late', date: '2024-06-01' },
        body: 'Never saved.',
        mode: 'direct',
      }),
    });
    const heldRequest = await held.reached;
    const answer = await saving;
    const tableAt503 = await wholeTable(service);
    const requestsAt503 = service.github.requestLog().length;
    held.release();
    await service.settleRequests();

    // Assess
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ message: 'Service Unavailable' });
    assertDocumented('PUT', '/api/repos/demo%2Fblog/content/posts/too-late', answer);
    expect(lines).toContainEqual({
      message: 'Request past the integration timeout',
      fields: expect.objectContaining({
        limit: 'integration-timeout',
        limitMs: 4_000,
        route: 'putContent',
      }),
    });
    expect(
      service.github
        .requestLog()
        .slice(requestsAt503 - 1)
        .map((entry) => `${entry.method} ${entry.path}`),
    ).toEqual([`${heldRequest.method} ${heldRequest.path}`]);
    expect(refsOfEveryRepo(service)).toEqual(refs);
    expect(await wholeTable(service)).toEqual(tableAt503);
    const read = await apiClient(service.url).get('/api/repos/demo%2Fblog/content/posts/too-late', {
      session,
    });
    expect(read.status).toBe(404);
  }, 60_000);
});
