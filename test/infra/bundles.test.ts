import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import { App, FileSystem, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Template } from 'aws-cdk-lib/assertions';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  measureBundle,
  metafileOf,
  networkAtImport,
  offlineEnv,
  probeBundle,
} from '../../infra/aws/bundle-report';
import { caBundleInFunction, CmsFunction, esmRequireBanner } from '../../infra/aws/cms-function';
import {
  groupNeeds,
  indexerNeeds,
  queuesWebhooks,
  schedulerNeeds,
  webhookSenderNeeds,
  type GroupNeeds,
  type TableGroup,
} from '../../infra/aws/group-needs';
import type { Group } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import { projectRoot, synthesise, type Synthesised } from './support/synth';

/**
 * Minified bytes per group. Issue #32 put AWS's own SDK v3 clients back in the bundles (DynamoDB's
 * document client, KMS, Secrets Manager in nearly every group, with the SDK's credential chain and
 * its nested STS/SSO clients; S3 with the presigner in media, EventBridge Scheduler in schedules,
 * SQS in every group that queues webhook deliveries): +280 KB to +400 KB per group over the
 * hand-written protocol clients (health 188 → 470 KB, content 339 → 734 KB). Raising a budget is a
 * decision: look at the largest inputs the failure lists.
 */
const budgets: Partial<Record<Group, number>> = {
  // health: zod/mini with JSON Schema output, middy, the route table and the OpenAPI document, + Secrets Manager: 470 KB;
  // issue #33's descriptions and examples of every schema: 517 KB. Only this group keeps them (schemaDocs in
  // shared/schemas.ts): the other groups grew by at most 131 bytes, the editor by 17 bytes gzipped.
  // Issue #36's translations (the i18n config schema and its descriptions, the `locale` query,
  // the translation report's row and schemas): 549 KB; an item's `translations` map and the shared
  // fields' body and answer (`applyShared`, `sharedChanges`, `sharedApplied`) with their words, and
  // issue #38's `set` on rename, duplicate and media uploads: 571 KB.
  health: 585 * 1024, // measured 571 KB
  tokens: 485 * 1024, // measured 466 KB: + DynamoDB and SQS
  session: 560 * 1024, // measured 540 KB: + octokit core and KMS
  device: 520 * 1024, // measured 502 KB: no SQS (it queues no deliveries)
  repos: 585 * 1024, // measured 565 KB
  // content: + yaml (95 KB, its ES module build) + smol-toml (11 KB) and the TOML/JSON frontmatter
  // editors: 734 KB; issue #31's paged lists and collection index reads (list order, cursors, the
  // whole array's size check, chunk and summary reads, asking for builds), GitHost's REST directory
  // reads and installation tokens: 734 KB → 758 KB. Issue #37's item history (three rows with their
  // descriptions 4 KB, the history domain and its GraphQL adapter 7 KB, the review's field diff and
  // its schema for compare 4.5 KB): 767 KB → 785 KB; undoing a version (the field-aware three-way
  // merge the drafts' update uses, 8 KB): 793 KB. Issue #35's lists that read like the site: an
  // untitled item is listed by its body's first heading, read with markdown-it as the editor reads
  // it (101 KB with its entity tables and link parsing, as in pulls below): 898 KB.
  // Issue #36's translations (locale views of a collection, reads and saves by locale, the
  // translation report with its batched GraphQL history reads): 911 KB; an item's `translations`,
  // creating a translation, shared fields applied to every locale in one commit and renames that
  // move every locale's file, with `set` on rename and duplicate (issue #38): 935 KB.
  content: 950 * 1024, // measured 935 KB
  // Issue #30: checking a draft's files reads its item's markdown (markdown-it, 101 KB with its
  // entity tables and link parsing) and its media with the upload rules (the SVG check: saxes
  // 29 KB, @csstools/css-tokenizer 11 KB). Publishing (scheduler) and scheduling (schedules, which
  // reads mergeBlockers) check drafts the same way. Importing them on first use would not make the
  // bundles smaller (esbuild inlines a dynamic import when it does not split code) and saved 2 to 3 ms
  // of the ~10 ms of module load they added: the rest is parsing the bytes (docs/deploy-aws.md).
  // Issue #38 (change sets: their rules, routes and schemas) and #39 (the checks route): 940 KB.
  pulls: 950 * 1024, // measured 903 KB before them
  // + S3 and its presigner, loaded on first use: 867 KB; + markdown-it, through the content reads
  // it shares (an untitled item's first heading, issue #35): 977 KB.
  media: 990 * 1024, // measured 977 KB
  // + issue #36's draft rules for translations and the locale views they use: 927 KB.
  schedules: 940 * 1024, // measured 927 KB: + EventBridge Scheduler, loaded on first use
  activity: 585 * 1024, // measured 562 KB
  webhooks: 600 * 1024, // measured 577 KB
};
/**
 * The scheduler publishes drafts, so it checks their files too (issue #30): measured 873 KB; with
 * issue #36's draft rules for translations and the locale views they use: 898 KB; with a scheduled
 * save's shared fields (i18n/shared-fields.ts, shared-save.ts: other locales' files compared and
 * written in one commit): 913 KB.
 */
const schedulerBudget = 925 * 1024;
/** The webhook sender: DynamoDB, KMS and SQS, no GitHub client: measured 453 KB. */
const webhookSenderBudget = 475 * 1024;
/**
 * The indexer: DynamoDB, Secrets Manager (the GitHub App), SQS (its continuations), octokit and the
 * frontmatter parsers: 624 KB; + markdown-it, since the index records an untitled item's first
 * heading (issue #35): 725 KB; + pull requests' content checks, which it runs off the same queue
 * (issue #39: cms check's rules with the strict config reader, field lines, the check run's
 * output and the Checks API adapter): measured 753 KB.
 */
const indexerBudget = 770 * 1024;
const defaultBudget = 350 * 1024;

/** The SDK client packages a function's needs call for: nothing else of AWS's may be in its bundle. */
function sdkClientsFor(needs: GroupNeeds, options: { originCheck: boolean }): string[] {
  const clients = [
    needs.table && '@aws-sdk/client-dynamodb',
    needs.keyPurposes?.length && '@aws-sdk/client-kms',
    (options.originCheck || needs.tokenHmacKey || needs.github || needs.checksGitHubApp) &&
      '@aws-sdk/client-secrets-manager',
    (queuesWebhooks(needs) || needs.queuesIndexBuilds) && '@aws-sdk/client-sqs',
    needs.uploads && '@aws-sdk/client-s3',
    needs.armsSchedules && '@aws-sdk/client-scheduler',
  ];
  return clients.filter((client): client is string => typeof client === 'string').sort();
}
const sdkClientsIn = (inputs: string[]) =>
  [
    ...new Set(
      inputs.flatMap((input) => /node_modules\/(@aws-sdk\/client-[^/]+)\//.exec(input)?.[1] ?? []),
    ),
  ].sort();

/**
 * saxes (the strict, namespace-aware XML parser of the SVG check, jsdom's) and its character
 * tables ship only as CommonJS, and no conformant namespace-aware XML parser ships as an ES module.
 * The check uses the parser whole and all three tables, so tree-shaking would drop nothing.
 * negotiator (Accept-Encoding, shared/http/encode-answer.ts) ships only as CommonJS too; its
 * encoding module is imported alone and used whole, with the Accept parser and content-type it needs.
 * mnemonist's LRU cache (with obliterator's iterators) is the DynamoDB client's endpoint-discovery
 * cache (@aws-sdk/endpoint-cache), CommonJS only: 5 small modules.
 */
const commonJsAllowed = /^node_modules\/(saxes|xmlchars|negotiator|mnemonist|obliterator)\//;

const groups = [...new Set(routes.map((route) => route.group))];
let synth: Synthesised;
const bundles = new Map<
  TableGroup,
  {
    dir: string;
    file: string;
    figures: ReturnType<typeof measureBundle>;
    inputs: string[];
    commonJs: string[];
  }
>();

beforeAll(() => {
  synth = synthesise({ bundle: true });
  const resources = synth.template.toJSON().Resources as Record<
    string,
    { Metadata?: Record<string, string> }
  >;
  for (const group of groups) {
    const dir = path.join(
      synth.outdir,
      resources[synth.logicalIdOf(group)]!.Metadata!['aws:asset:path']!,
    );
    const metafile = metafileOf(synth.outdir, group);
    const meta = JSON.parse(readFileSync(metafile, 'utf8')) as {
      inputs: Record<string, { format?: string }>;
    };
    const commonJs = Object.entries(meta.inputs)
      .filter(([, input]) => input.format === 'cjs')
      .map(([name]) => name);
    bundles.set(group, {
      dir,
      file: path.join(dir, 'index.mjs'),
      figures: measureBundle(dir, metafile),
      inputs: Object.keys(meta.inputs),
      commonJs,
    });
  }
}, 180_000);
afterAll(() => synth?.cleanup());

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('function bundles', () => {
  it("stay within their size budget (minified bytes, from esbuild's metafile)", () => {
    const over: string[] = [];
    for (const group of groups) {
      // Act
      const { figures } = bundles.get(group)!;

      // Assess
      const budget = budgets[group] ?? defaultBudget;
      if (figures.minifiedBytes > budget) {
        over.push(
          `${group}: ${kb(figures.minifiedBytes)} > ${kb(budget)}; largest: ${figures.largestInputs.map((input) => `${input.input} ${kb(input.bytes)}`).join(', ')}`,
        );
      }
    }
    expect(over).toEqual([]);
  });

  it('hold the AWS SDK v3 clients their needs call for and no other (every group reads the origin secret)', () => {
    for (const group of groups) {
      // Act
      const { inputs } = bundles.get(group)!;

      // Assess
      expect({ group, clients: sdkClientsIn(inputs) }).toEqual({
        group,
        clients: sdkClientsFor(groupNeeds[group], { originCheck: true }),
      });
      // The SDK's ES module builds only: no CommonJS copy of a package beside its ES one.
      expect({
        group,
        cjs: inputs.filter((input) =>
          /node_modules\/@(aws-sdk|smithy)\/[^/]+\/dist-cjs\//.test(input),
        ),
      }).toEqual({ group, cjs: [] });
    }
  });

  it("hold no CommonJS module (wrapped in closures and never tree-shaken; see esModuleAliases) but the XML parser and the DynamoDB client's endpoint cache", () => {
    for (const group of groups) {
      // Act
      const { commonJs } = bundles.get(group)!;

      // Assess
      expect({ group, commonJs: commonJs.filter((input) => !commonJsAllowed.test(input)) }).toEqual(
        { group, commonJs: [] },
      );
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

  it("hold their own group's code only: no other group's folder, nothing of local mode or the stack", () => {
    const strays: string[] = [];
    for (const group of groups) {
      // Act
      const { inputs } = bundles.get(group)!;
      const ownCode = inputs.filter((input) => !input.includes('node_modules/'));

      // Assess
      const otherGroups = ownCode.filter(
        (input) =>
          /(^|\/)functions\/[^/]+\//.test(input) &&
          !new RegExp(`(^|/)functions/${group}/`).test(input),
      );
      // infra/ is the stack and local mode; packages/ holds the local GitHub-compatible host.
      const infra = ownCode.filter((input) => /(^|\/)(infra|packages)\//.test(input));
      strays.push(...[...otherGroups, ...infra].map((input) => `${group}: ${input}`));
      expect(
        ownCode.some((input) => input.endsWith(`functions/${group}/wire.ts`)),
        `${group} is built by its wire.ts`,
      ).toBe(true);
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

  it('include the scheduler function (invoked by EventBridge Scheduler): within its budget, its SDK clients only, no network while loading, a handler', () => {
    // Act
    const resources = synth.template.toJSON().Resources as Record<
      string,
      { Metadata?: Record<string, string> }
    >;
    const id = Stack.of(synth.stack).getLogicalId(
      synth.stack.scheduler.node.defaultChild as CfnFunction,
    );
    const dir = path.join(synth.outdir, resources[id]!.Metadata!['aws:asset:path']!);
    const metafile = metafileOf(synth.outdir, 'scheduler');
    const inputs = Object.keys(
      (JSON.parse(readFileSync(metafile, 'utf8')) as { inputs: Record<string, unknown> }).inputs,
    );
    const file = path.join(dir, 'index.mjs');

    // Assess
    expect(measureBundle(dir, metafile).minifiedBytes).toBeLessThanOrEqual(schedulerBudget);
    expect(sdkClientsIn(inputs)).toEqual(sdkClientsFor(schedulerNeeds, { originCheck: false }));
    expect(
      inputs.some((input) => input.includes('functions/schedules/') || input.includes('infra/')),
    ).toBe(false);
    expect(networkAtImport(file)).toEqual([]);
    expect(probeBundle(file, '--enable-source-maps').handler).toBe('function');
  });

  it('include the webhook sender (fed by SQS): within its budget, its SDK clients only, no GitHub client, no network while loading, a handler', () => {
    // Act
    const resources = synth.template.toJSON().Resources as Record<
      string,
      { Metadata?: Record<string, string> }
    >;
    const id = Stack.of(synth.stack).getLogicalId(
      synth.stack.webhooks.fn.node.defaultChild as CfnFunction,
    );
    const dir = path.join(synth.outdir, resources[id]!.Metadata!['aws:asset:path']!);
    const metafile = metafileOf(synth.outdir, 'webhook-sender');
    const inputs = Object.keys(
      (JSON.parse(readFileSync(metafile, 'utf8')) as { inputs: Record<string, unknown> }).inputs,
    );
    const file = path.join(dir, 'index.mjs');

    // Assess
    expect(measureBundle(dir, metafile).minifiedBytes).toBeLessThanOrEqual(webhookSenderBudget);
    expect(sdkClientsIn(inputs)).toEqual(
      [...sdkClientsFor(webhookSenderNeeds, { originCheck: false }), '@aws-sdk/client-sqs'].sort(),
    );
    expect(inputs.filter((input) => input.includes('node_modules/@octokit/'))).toEqual([]);
    expect(networkAtImport(file)).toEqual([]);
    expect(probeBundle(file, '--enable-source-maps').handler).toBe('function');
  });

  it("include the indexer (fed by SQS): within its budget, its SDK clients only, no other group's code, no network while loading, a handler", () => {
    // Act
    const resources = synth.template.toJSON().Resources as Record<
      string,
      { Metadata?: Record<string, string> }
    >;
    const id = Stack.of(synth.stack).getLogicalId(
      synth.stack.indexing.fn.node.defaultChild as CfnFunction,
    );
    const dir = path.join(synth.outdir, resources[id]!.Metadata!['aws:asset:path']!);
    const metafile = metafileOf(synth.outdir, 'indexer');
    const inputs = Object.keys(
      (JSON.parse(readFileSync(metafile, 'utf8')) as { inputs: Record<string, unknown> }).inputs,
    );
    const file = path.join(dir, 'index.mjs');

    // Assess
    expect(measureBundle(dir, metafile).minifiedBytes).toBeLessThanOrEqual(indexerBudget);
    expect(sdkClientsIn(inputs)).toEqual(sdkClientsFor(indexerNeeds, { originCheck: false }));
    expect(
      inputs.some((input) => input.includes('functions/content/') || input.includes('infra/')),
    ).toBe(false);
    expect(networkAtImport(file)).toEqual([]);
    expect(probeBundle(file, '--enable-source-maps').handler).toBe('function');
  });
});

describe('function assets', () => {
  it('hold no esbuild metafile, and name sources relative to the repository, never this checkout', () => {
    for (const group of groups) {
      // Act
      const { dir } = bundles.get(group)!;
      const map = JSON.parse(readFileSync(path.join(dir, 'index.mjs.map'), 'utf8')) as {
        sources: string[];
      };

      // Assess
      expect(readdirSync(dir).sort(), group).toEqual(['index.mjs', 'index.mjs.map']);
      expect(
        map.sources.filter(
          (source) =>
            source.startsWith('..') || path.isAbsolute(source) || source.includes(projectRoot),
        ),
        group,
      ).toEqual([]);
      expect(map.sources, group).toContain(`functions/${group}/handler.ts`);
    }
  });

  it('are hashed by their content: the same hash from another checkout path', () => {
    // Prepare: a second checkout elsewhere (the code copied, the installed packages linked).
    const otherRoot = mkdtempSync(path.join(os.tmpdir(), 'cms-other-checkout-'));
    const outdir = `${otherRoot}-out`;
    try {
      for (const entry of [
        'functions',
        'shared',
        'infra/aws/bundle-postprocess.mjs',
        'package.json',
        'package-lock.json',
        'tsconfig.json',
      ]) {
        cpSync(path.join(projectRoot, entry), path.join(otherRoot, entry), { recursive: true });
      }
      symlinkSync(path.join(projectRoot, 'node_modules'), path.join(otherRoot, 'node_modules'));
      const app = new App({ outdir });
      const stack = new Stack(app, 'Other');
      new CmsFunction(stack, 'HealthFunction', {
        group: 'health',
        projectRoot: otherRoot,
        removalPolicy: RemovalPolicy.DESTROY,
      });

      // Act
      const [other] = Object.values(
        Template.fromStack(stack).findResources('AWS::Lambda::Function'),
      ) as { Properties: { Code: { S3Key: string } } }[];

      // Assess
      const resources = synth.template.toJSON().Resources as Record<
        string,
        { Properties: { Code: { S3Key: string } } }
      >;
      const here = resources[synth.logicalIdOf('health')]!.Properties.Code.S3Key;
      expect(other!.Properties.Code.S3Key).toBe(here);
      expect(here).toBe(`${FileSystem.fingerprint(bundles.get('health')!.dir)}.zip`);
    } finally {
      rmSync(otherRoot, { recursive: true, force: true });
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 120_000);

  it('carry the configured CA bundle, trusted through NODE_EXTRA_CA_CERTS', () => {
    // Prepare
    const outdir = mkdtempSync(path.join(os.tmpdir(), 'cms-ca-'));
    try {
      const stack = new Stack(new App({ outdir }), 'Ca');
      new CmsFunction(stack, 'HealthFunction', {
        group: 'health',
        projectRoot,
        removalPolicy: RemovalPolicy.DESTROY,
        caBundle: 'test/fixtures/ghes-ca.pem',
      });

      // Act
      const [fn] = Object.values(
        Template.fromStack(stack).findResources('AWS::Lambda::Function'),
      ) as {
        Properties: { Code: { S3Key: string }; Environment: { Variables: Record<string, string> } };
      }[];
      const assetDir = path.join(
        outdir,
        `asset.${fn!.Properties.Code.S3Key.replace(/\.zip$/, '')}`,
      );

      // Assess
      expect(fn!.Properties.Environment.Variables.NODE_EXTRA_CA_CERTS).toBe(caBundleInFunction);
      expect(readdirSync(assetDir).sort()).toEqual(['ca-bundle.pem', 'index.mjs', 'index.mjs.map']);
      expect(readFileSync(path.join(assetDir, 'ca-bundle.pem'), 'utf8')).toBe(
        readFileSync(path.join(projectRoot, 'test/fixtures/ghes-ca.pem'), 'utf8'),
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** Runs a bundle's handler in a fresh Node process against a stand-in AWS endpoint. */
async function invokeBundle(
  file: string,
  endpoint: string,
  extraEnv: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/api/no-such-route',
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: {
      http: {
        method: 'GET',
        path: '/api/no-such-route',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'test',
      },
      requestId: 'r1',
      routeKey: '$default',
      stage: '$default',
    },
  };
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const answer = await handler(${JSON.stringify(event)}, { awsRequestId: 'r1', functionName: 'f' }, { signal: AbortSignal.timeout(5000) });
    process.stdout.write('\\n' + JSON.stringify(answer));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script],
    { env: { ...process.env, ...offlineEnv, AWS_ENDPOINT_URL: endpoint, ...extraEnv } },
  );
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
        calls.push({
          target: String(request.headers['x-amz-target']),
          authorization: String(request.headers.authorization),
        });
        const { SecretId } = JSON.parse(body) as { SecretId: string };
        const value = SecretId.includes('origin')
          ? JSON.stringify({ current: 'o'.repeat(48) })
          : SecretId.includes('hmac')
            ? 'k'.repeat(64)
            : JSON.stringify({
                appId: 1,
                clientId: 'Iv1.x',
                clientSecret: 'x',
                privateKey: '-----BEGIN PRIVATE KEY-----',
              });
        response
          .writeHead(200, { 'content-type': 'application/x-amz-json-1.1' })
          .end(JSON.stringify({ ARN: SecretId, Name: 'secret', SecretString: value }));
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
        expect(JSON.parse(answer.body), group).toEqual({
          error: expect.stringContaining('No route'),
        });

        // Act: with the origin secret configured, as the stack deploys it.
        const origin = {
          ORIGIN_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:111122223333:secret:origin',
        };
        const refused = await invokeBundle(bundles.get(group)!.file, endpoint, origin);
        const passed = await invokeBundle(bundles.get(group)!.file, endpoint, origin, {
          'x-origin-verify': 'o'.repeat(48),
        });

        // Assess
        expect({ group, refused: refused.statusCode, passed: passed.statusCode }).toEqual({
          group,
          refused: 403,
          passed: 404,
        });
      }
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.target).toBe('secretsmanager.GetSecretValue');
        expect(call.authorization).toContain(`Credential=${offlineEnv.AWS_ACCESS_KEY_ID}/`);
      }
    } finally {
      server.close();
    }
  }, 120_000); // three fresh processes per group, each loading its bundle and the SDK
});

describe("function bundles' request log line", () => {
  it('is one JSON line per request with both request ids, route, status, latency, round trips, the EMF metrics and no credential', async () => {
    // Prepare: Secrets Manager answers both secrets; DynamoDB knows no token.
    const targets: string[] = [];
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        const target = String(request.headers['x-amz-target']);
        targets.push(target);
        if (target.startsWith('secretsmanager.')) {
          const { SecretId } = JSON.parse(body) as { SecretId: string };
          const value = SecretId.includes('hmac')
            ? 'k'.repeat(64)
            : JSON.stringify({
                appId: 1,
                clientId: 'Iv1.x',
                clientSecret: 'x',
                privateKey: '-----BEGIN PRIVATE KEY-----',
              });
          response
            .writeHead(200, { 'content-type': 'application/x-amz-json-1.1' })
            .end(JSON.stringify({ ARN: SecretId, Name: 'secret', SecretString: value }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A well-formed token under the stand-in HMAC key, so the function looks it up (and finds none).
    const tokenId = 'A'.repeat(22);
    const token = `cms_${tokenId}.${createHmac('sha256', 'k'.repeat(64)).update(tokenId).digest('base64url')}`;
    const session = 'S'.repeat(20) + 'sessionSecret'.padEnd(23, 'y');
    const event = {
      version: '2.0',
      routeKey: 'GET /api/repos',
      rawPath: '/api/repos',
      rawQueryString: 'code=oauth-code-secret',
      cookies: [`cms_session=${session}`],
      headers: {
        authorization: `Bearer ${token}`,
        'cloudfront-viewer-address': '203.0.113.7:51234',
        'x-forwarded-for': '203.0.113.7, 130.176.0.1',
        'x-origin-verify': 'origin-secret-value',
      },
      isBase64Encoded: false,
      requestContext: {
        http: {
          method: 'GET',
          path: '/api/repos',
          protocol: 'HTTP/1.1',
          sourceIp: '130.176.0.1',
          userAgent: 'Amazon CloudFront',
        },
        requestId: 'api-gw-request-1',
        routeKey: 'GET /api/repos',
        stage: '$default',
      },
    };
    const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(bundles.get('repos')!.file).href)});
      const answer = await handler(${JSON.stringify(event)}, { awsRequestId: 'lambda-request-1', functionName: 'f' }, { signal: AbortSignal.timeout(5000) });
      process.stdout.write('\\n' + JSON.stringify({ answer }) + '\\n');`;
    const trace = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';

    try {
      // Act
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', script],
        {
          env: {
            ...process.env,
            ...offlineEnv,
            AWS_ENDPOINT_URL: endpoint,
            _X_AMZN_TRACE_ID: trace,
          },
        },
      );

      // Assess
      const lines = stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const answer = lines.find((line) => 'answer' in line)!.answer as { statusCode: number };
      const requestLines = lines.filter((line) => line.message === 'request');
      expect(answer.statusCode).toBe(401);
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({
        level: 'INFO',
        message: 'request',
        requestId: 'lambda-request-1',
        apiRequestId: 'api-gw-request-1',
        traceId: '1-5759e988-bd862e3fe1be46a994272793',
        route: 'listRepos',
        status: 401,
        latencyMs: expect.any(Number),
        githubRoundTrips: 0,
        storeRequests: targets.filter((target) => target.startsWith('DynamoDB_')).length,
        clientErrors: 1,
        serverErrors: 0,
        clientIp: '203.0.113.7',
        sourceIp: '130.176.0.1',
        coldStart: true,
        _aws: {
          Timestamp: expect.any(Number),
          CloudWatchMetrics: [
            expect.objectContaining({ Dimensions: [['service', 'route']] }),
            expect.objectContaining({ Dimensions: [['service']] }),
          ],
        },
      });
      expect(requestLines[0]!.storeRequests).toBeGreaterThan(0);
      for (const secret of [
        token,
        token.slice(-43),
        session,
        'sessionSecret',
        'oauth-code-secret',
        'origin-secret-value',
        'Bearer',
      ])
        expect(stdout).not.toContain(secret);
    } finally {
      server.close();
    }
  });
});
