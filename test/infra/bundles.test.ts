import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureBundle, networkAtImport, offlineEnv, probeBundle } from '../../infra/aws/bundle-report';
import { esmRequireBanner } from '../../infra/aws/cms-function';
import { groupNeeds, type GroupNeeds, type TableGroup } from '../../infra/aws/group-needs';
import type { Group } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import { synthesise, type Synthesised } from './support/synth';

/**
 * Minified bytes per group (issue 14: at most 350 KB each). A group without an entry is held to
 * that target too. Raising a budget is a decision: look at the largest inputs the failure lists.
 * Measured when the AWS SDK clients and octokit's throttling plugin left the bundles (one
 * signed-JSON client and a request hook instead) and yaml came from its ES module build: 600 KB →
 * 260 KB for content and pulls.
 */
const target = 350 * 1024;
const budgets: Partial<Record<Group, number>> = {
  health: 128 * 1024, // measured 100 KB: zod/mini with JSON Schema output, middy, the route table and the OpenAPI document
  tokens: target, // measured 90 KB: + the store over the JSON protocol client
  session: target, // measured 133 KB: + octokit core, KMS and Secrets Manager over the same client
  device: target, // measured 135 KB
  repos: target, // measured 136 KB
  content: target, // measured 259 KB: + yaml (95 KB, its ES module build)
  pulls: target, // measured 260 KB
};
const defaultBudget = target;

const groups = [...new Set(routes.map((route) => route.group))];
let synth: Synthesised;
const bundles = new Map<TableGroup, { dir: string; file: string; figures: ReturnType<typeof measureBundle>; inputs: string[]; commonJs: string[] }>();

beforeAll(() => {
  synth = synthesise({ bundle: true });
  const resources = synth.template.toJSON().Resources as Record<string, { Metadata?: Record<string, string> }>;
  for (const group of groups) {
    const dir = path.join(synth.outdir, resources[synth.logicalIdOf(group)]!.Metadata!['aws:asset:path']!);
    const meta = JSON.parse(readFileSync(path.join(dir, 'index.meta.json'), 'utf8')) as { inputs: Record<string, { format?: string }> };
    const commonJs = Object.entries(meta.inputs).filter(([, input]) => input.format === 'cjs').map(([name]) => name);
    bundles.set(group, { dir, file: path.join(dir, 'index.mjs'), figures: measureBundle(dir), inputs: Object.keys(meta.inputs), commonJs });
  }
}, 180_000);
afterAll(() => synth?.cleanup());

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('function bundles', () => {
  it('stay within their size budget (minified bytes, from esbuild\'s metafile)', () => {
    const over: string[] = [];
    for (const group of groups) {
      // Act
      const { figures } = bundles.get(group)!;

      // Assess
      const budget = budgets[group] ?? defaultBudget;
      if (figures.minifiedBytes > budget) {
        over.push(`${group}: ${kb(figures.minifiedBytes)} > ${kb(budget)}; largest: ${figures.largestInputs.map((input) => `${input.input} ${kb(input.bytes)}`).join(', ')}`);
      }
    }
    expect(over).toEqual([]);
  });

  it('hold no AWS SDK client: AWS is called through the JSON protocol client, by the groups that use AWS', () => {
    for (const group of groups) {
      // Act
      const { inputs } = bundles.get(group)!;
      const sdk = inputs.filter((input) => /node_modules\/(@aws-sdk\/(?!util-dynamodb\/)|@smithy\/|@aws-crypto\/)/.test(input));
      const jsonClient = inputs.some((input) => input.endsWith('shared/aws/aws-json-client.ts'));

      // Assess
      const needs: GroupNeeds = groupNeeds[group];
      expect({ group, sdk }).toEqual({ group, sdk: [] });
      expect({ group, jsonClient }).toEqual({ group, jsonClient: Boolean(needs.table || needs.keyPurposes || needs.tokenHmacKey || needs.github) });
    }
  });

  it('hold no CommonJS module (wrapped in closures and never tree-shaken; see esModuleAliases)', () => {
    for (const group of groups) {
      // Act
      const { commonJs } = bundles.get(group)!;

      // Assess
      expect({ group, commonJs }).toEqual({ group, commonJs: [] });
    }
  });

  it('touch no network while loading: secrets are read on the first invocation', () => {
    for (const group of groups) {
      // Act
      const attempts = networkAtImport(bundles.get(group)!.file);

      // Assess
      expect({ group, attempts }).toEqual({ group, attempts: [] });
    }
  });

  it('hold their own group\'s code only: no other group\'s folder, nothing of local mode or the stack', () => {
    const strays: string[] = [];
    for (const group of groups) {
      // Act
      const { inputs } = bundles.get(group)!;
      const ownCode = inputs.filter((input) => !input.includes('node_modules/'));

      // Assess
      const otherGroups = ownCode.filter((input) => /(^|\/)functions\/[^/]+\//.test(input) && !new RegExp(`(^|/)functions/${group}/`).test(input));
      // infra/ is the stack and local mode; packages/ holds the local GitHub-compatible host.
      const infra = ownCode.filter((input) => /(^|\/)(infra|packages)\//.test(input));
      strays.push(...[...otherGroups, ...infra].map((input) => `${group}: ${input}`));
      expect(ownCode.some((input) => input.endsWith(`functions/${group}/wire.ts`)), `${group} is built by its wire.ts`).toBe(true);
    }
    expect(strays).toEqual([]);
  });

  it('are ESM with the createRequire banner and a source map, and load and export a handler', () => {
    for (const group of groups) {
      // Act
      const { dir, file } = bundles.get(group)!;
      const probe = probeBundle(file, '--enable-source-maps');

      // Assess
      expect(readFileSync(file, 'utf8').startsWith(esmRequireBanner), group).toBe(true);
      expect(existsSync(path.join(dir, 'index.mjs.map')), group).toBe(true);
      expect(probe.handler, group).toBe('function');
    }
  });
});

/** Runs a bundle's handler in a fresh Node process against a stand-in AWS endpoint. */
async function invokeBundle(file: string, endpoint: string) {
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/api/no-such-route',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', path: '/api/no-such-route', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' }, requestId: 'r1', routeKey: '$default', stage: '$default' },
  };
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const answer = await handler(${JSON.stringify(event)}, { awsRequestId: 'r1', functionName: 'f' }, { signal: AbortSignal.timeout(5000) });
    process.stdout.write('\\n' + JSON.stringify(answer));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...offlineEnv, AWS_ENDPOINT_URL: endpoint } });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { statusCode: number; body: string };
}

describe('function bundles at run time', () => {
  it('sign AWS calls with the role credentials from the environment and start their group', async () => {
    // Prepare: Secrets Manager's JSON protocol, answering both secrets.
    const calls: { target: string; authorization: string }[] = [];
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        calls.push({ target: String(request.headers['x-amz-target']), authorization: String(request.headers.authorization) });
        const { SecretId } = JSON.parse(body) as { SecretId: string };
        const value = SecretId.includes('hmac') ? 'k'.repeat(64) : JSON.stringify({ appId: 1, clientId: 'Iv1.x', clientSecret: 'x', privateKey: '-----BEGIN PRIVATE KEY-----' });
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ ARN: SecretId, Name: 'secret', SecretString: value }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    try {
      for (const group of groups) {
        // Act
        const answer = await invokeBundle(bundles.get(group)!.file, endpoint);

        // Assess
        expect({ group, status: answer.statusCode }).toEqual({ group, status: 404 });
        expect(JSON.parse(answer.body), group).toEqual({ error: expect.stringContaining('No route') });
      }
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.target).toBe('secretsmanager.GetSecretValue');
        expect(call.authorization).toContain(`Credential=${offlineEnv.AWS_ACCESS_KEY_ID}/`);
      }
    } finally {
      server.close();
    }
  });
});
