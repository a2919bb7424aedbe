import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What `npm run check:layers` cruises. */
const roots = ['shared', 'functions', 'infra', 'web/src', 'cli', 'packages'];

/**
 * One forbidden import per rule of .dependency-cruiser.cjs: `files` are written into a copy of the
 * tree (a path that exists gets the import put in front of its code), and the cruise of those
 * files must report `rule` (and the rules in `also`, no other) from the first of them. The first
 * ten are the imports issue #33 planted that the denylist let through. A path that exists is
 * one no other plant reaches, so each plant fails on its own import.
 */
const plants: { rule: string; also?: string[]; what: string; files: Record<string, string> }[] = [
  {
    rule: 'domain',
    what: 'the domain imports an AWS SDK client',
    files: { 'shared/content/planted.ts': '@aws-sdk/client-kms' },
  },
  {
    rule: 'domain',
    what: 'the domain imports a request signer',
    files: { 'shared/pulls/planted.ts': '@smithy/signature-v4' },
  },
  {
    rule: 'domain',
    what: 'the domain imports node:http',
    files: { 'shared/repos/planted.ts': 'node:http' },
  },
  {
    rule: 'domain',
    what: 'the domain imports the webhook sender',
    files: { 'shared/content/planted-sender.ts': '../adapters/http/http-sender' },
  },
  {
    rule: 'domain',
    what: 'shared/webhooks imports the GitHub client',
    files: { 'shared/webhooks/planted.ts': '../adapters/github/github-client' },
  },
  {
    rule: 'domain',
    what: 'shared/schedules imports shared/http',
    files: { 'shared/schedules/planted.ts': '../http/respond' },
  },
  {
    rule: 'editor',
    also: ['editor-bundle-browser-safe'],
    what: 'the editor imports an AWS adapter',
    files: { 'web/src/planted.ts': '../../shared/adapters/s3/s3' },
  },
  {
    rule: 'editor-bundle-browser-safe',
    what: 'the editor imports shared/webhooks code that needs Node',
    files: { 'web/src/planted-webhooks.ts': '../../shared/webhooks/signature' },
  },
  {
    rule: 'editor',
    also: ['editor-bundle-browser-safe'],
    what: 'the editor imports node:fs',
    files: { 'web/src/planted-fs.tsx': 'node:fs' },
  },
  {
    rule: 'editor',
    what: "the editor imports the API reference's renderer",
    files: { 'web/src/planted-swagger.ts': 'swagger-ui-dist/swagger-ui-es-bundle.js' },
  },
  {
    rule: 'api-docs',
    what: "the API reference imports the editor's code",
    files: { 'web/src/api-docs/planted.ts': '../lib/platform' },
  },
  {
    rule: 'cli',
    also: ['cli-no-server-code'],
    what: 'the CLI imports an AWS adapter',
    files: { 'cli/planted.ts': '../shared/adapters/sqs/sqs' },
  },
  {
    rule: 'cli-package',
    what: 'the CLI package build imports the CLI instead of bundling it',
    files: { 'cli/package/planted.ts': '../run' },
  },
  {
    rule: 'domain',
    what: 'the domain imports an AWS client factory',
    files: { 'shared/media/planted.ts': '../adapters/kms/kms' },
  },
  {
    rule: 'domain',
    what: 'shared/ imports a runtime',
    files: { 'shared/auth/planted.ts': '../../functions/ports' },
  },
  {
    rule: 'shared-kernel',
    what: 'a loose file of shared/ reads the disk',
    files: { 'shared/path-params.ts': 'node:fs' },
  },
  {
    rule: 'ssrf-guard',
    what: 'the SSRF guard resolves names itself',
    files: { 'shared/webhooks/address-guard.ts': 'node:dns' },
  },
  {
    rule: 'domain',
    what: 'the domain builds the DynamoDB store',
    files: { 'shared/auth/planted-adapter.ts': '../adapters/dynamodb/dynamodb-store' },
  },
  {
    rule: 'ports',
    what: 'a port imports an adapter',
    files: { 'shared/ports/planted.ts': '../adapters/dynamodb/dynamodb-store' },
  },
  {
    rule: 'ports',
    what: 'a port imports domain logic',
    files: { 'shared/ports/planted-domain.ts': '../content/content-writes' },
  },
  {
    rule: 'adapter-s3',
    what: 'an AWS adapter uses the GitHub adapter',
    files: { 'shared/adapters/s3/planted.ts': '../github/github-client' },
  },
  {
    rule: 'adapter-kms',
    what: "the KMS adapter speaks another service's SDK client",
    files: { 'shared/adapters/kms/planted.ts': '@aws-sdk/client-s3' },
  },
  {
    rule: 'adapter-sqs',
    what: 'the SQS adapter runs domain logic',
    files: { 'shared/adapters/sqs/planted.ts': '../../content/content-writes' },
  },
  {
    rule: 'adapter-scheduler',
    what: 'the Scheduler adapter answers HTTP',
    files: { 'shared/adapters/scheduler/planted.ts': '../../http/respond' },
  },
  {
    rule: 'adapter-secrets-manager',
    what: 'the Secrets Manager adapter uses a local stand-in',
    files: { 'shared/adapters/secrets-manager/planted.ts': '../local/memory-store' },
  },
  {
    rule: 'adapter-sdk-defaults',
    what: 'the SDK defaults build a client',
    files: { 'shared/adapters/sdk-defaults.ts': '@aws-sdk/client-kms' },
  },
  {
    rule: 'adapter-dynamodb',
    what: 'the DynamoDB store imports an AWS-only client factory',
    files: { 'shared/adapters/dynamodb/planted.ts': '../kms/kms' },
  },
  {
    rule: 'adapter-github',
    what: 'a GitHub adapter imports an AWS SDK client',
    files: { 'shared/adapters/github/planted.ts': '@aws-sdk/client-s3' },
  },
  {
    rule: 'adapter-http',
    what: 'the webhook sender starts processes',
    files: { 'shared/adapters/http/http-sender.ts': 'node:child_process' },
  },
  {
    rule: 'adapter-local',
    what: 'the in-memory store speaks DynamoDB',
    files: { 'shared/adapters/local/memory-store.ts': '@aws-sdk/client-dynamodb' },
  },
  {
    rule: 'shared-http',
    what: 'a middleware builds the DynamoDB adapter',
    files: { 'shared/http/planted.ts': '../adapters/dynamodb/dynamodb-store' },
  },
  {
    rule: 'route-table',
    what: 'the route table imports the GitHub client',
    files: { 'shared/route-table/planted.ts': '../adapters/github/github-client' },
  },
  {
    rule: 'openapi',
    what: 'the OpenAPI document imports a runtime',
    files: { 'shared/openapi/planted.ts': '../../functions/ports' },
  },
  {
    rule: 'api-client',
    what: 'the typed client bundles domain writes',
    files: { 'shared/client/planted.ts': '../content/content-writes' },
  },
  {
    rule: 'functions-aws-entry',
    also: ['lambda-never-reaches-local'],
    what: 'an AWS entry imports a local-mode adapter',
    files: { 'functions/content/handler.ts': '../../shared/adapters/local/local-key-provider' },
  },
  {
    rule: 'lambda-never-reaches-local',
    what: 'an AWS entry reaches a local-mode adapter through the domain',
    files: {
      'functions/media/handler.ts': '../../shared/store/planted-local',
      'shared/store/planted-local.ts': '../adapters/local/memory-store',
    },
  },
  {
    rule: 'functions-wiring',
    what: 'Lambda code imports local mode',
    files: { 'functions/content/planted.ts': '../../infra/local/runtime' },
  },
  {
    rule: 'functions-wiring',
    what: 'the wiring both runtimes share imports an AWS-only adapter',
    files: { 'functions/pulls/planted.ts': '../../shared/adapters/kms/kms' },
  },
  {
    rule: 'functions-groups-apart',
    what: "a group imports another group's folder",
    files: { 'functions/repos/planted.ts': '../pulls/wire' },
  },
  {
    rule: 'functions-loose-files-serve-groups',
    what: 'a loose file of functions/ imports a group',
    files: { 'functions/aws-planted.ts': './content/wire' },
  },
  {
    rule: 'infra-aws',
    what: 'the CDK app imports Lambda code',
    files: { 'infra/aws/planted.ts': '../../functions/content/wire' },
  },
  {
    rule: 'infra-local',
    what: 'local mode builds the KMS client',
    files: { 'infra/local/planted.ts': '../../shared/adapters/kms/kms' },
  },
  {
    rule: 'cli-no-server-code',
    what: 'the CLI imports a shared module that reaches an AWS SDK client',
    files: {
      'cli/planted-reach.ts': '../shared/content/planted-reach',
      'shared/content/planted-reach.ts': '@aws-sdk/client-s3',
    },
  },
  {
    rule: 'local-host',
    what: 'the local GitHub host imports service code',
    files: { 'packages/github-local/src/planted.ts': '../../../shared/errors' },
  },
  {
    rule: 'local-host-tests',
    what: "the local host's tests import service code",
    files: { 'packages/github-local/test/planted.ts': '../../../shared/errors' },
  },
  {
    rule: 'not-in-a-layer',
    what: 'a module in a folder no rule names',
    files: { 'shared/planted-folder/planted.ts': '../errors' },
  },
  {
    rule: 'not-in-a-layer-alone',
    what: 'a module that imports nothing, in a folder no rule names',
    files: { 'packages/planted/src/index.ts': '' },
  },
  {
    rule: 'no-circular',
    what: 'two modules import each other',
    files: {
      'shared/content/planted-cycle-a.ts': './planted-cycle-b',
      'shared/content/planted-cycle-b.ts': './planted-cycle-a',
    },
  },
];

async function cruiseIn(
  options: ICruiseOptions,
  baseDir: string,
  entries: string[],
): Promise<ICruiseResult> {
  const { output } = await cruise(
    entries,
    { ...options, baseDir },
    {},
    { tsConfig: extractTSConfig(path.join(root, 'tsconfig.json')) },
  );
  if (typeof output === 'string')
    throw new Error('dependency-cruiser answered text where its result was expected');
  return output;
}

/** Writes `spec`'s import into `file` of the copy: a new module, or in front of an existing one's code. */
function plant(copy: string, file: string, spec: string): void {
  const target = path.join(copy, file);
  mkdirSync(path.dirname(target), { recursive: true });
  const line = spec === '' ? 'export const planted = true;\n' : `import '${spec}';\n`;
  writeFileSync(target, existsSync(target) ? line + readFileSync(target, 'utf8') : line);
}

describe('the layer rules (.dependency-cruiser.cjs)', () => {
  let copy: string;
  let options: ICruiseOptions;
  let planted: ICruiseResult;
  let real: ICruiseResult;

  beforeAll(async () => {
    options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
    // Plants go into a private copy of the cruised folders, so no other test ever sees them.
    copy = mkdtempSync(path.join(os.tmpdir(), 'cms-layers-'));
    for (const folder of roots)
      cpSync(path.join(root, folder), path.join(copy, folder), {
        recursive: true,
        filter: (source) => !source.includes(`${path.sep}node_modules`),
      });
    for (const file of ['package.json', 'tsconfig.json'])
      cpSync(path.join(root, file), path.join(copy, file));
    symlinkSync(
      realpathSync(path.join(root, 'node_modules')),
      path.join(copy, 'node_modules'),
      'dir',
    );
    for (const { files } of plants)
      for (const [file, spec] of Object.entries(files)) plant(copy, file, spec);
    planted = await cruiseIn(options, copy, [
      ...new Set(plants.flatMap(({ files }) => Object.keys(files))),
    ]);
    real = await cruiseIn(options, root, roots);
  });

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('pass on the real tree, and every rule that names modules names some that exist', () => {
    expect(real.summary.violations).toEqual([]);
    const sources = real.modules.map((module) => module.source);
    const unused = (options.ruleSet?.forbidden ?? []).filter((rule) => {
      const from =
        'from' in rule && typeof rule.from.path === 'string'
          ? new RegExp(rule.from.path)
          : undefined;
      return from !== undefined && !sources.some((source) => from.test(source));
    });
    expect(unused.map((rule) => rule.name)).toEqual([]);
  });

  it('have a planted import for every rule', () => {
    const names = (options.ruleSet?.forbidden ?? []).map((rule) => rule.name);
    expect(new Set(plants.map((plant) => plant.rule))).toEqual(new Set(names));
  });

  it.each(plants)('fail with $rule when $what', ({ rule, also = [], files }) => {
    const from = Object.keys(files)[0]!;
    const reported = planted.summary.violations
      .filter((violation) => violation.from === from)
      .map((violation) => violation.rule.name);
    expect(new Set(reported)).toEqual(new Set([rule, ...also]));
  });

  it('report nothing but the planted modules', () => {
    const plantedFiles = new Set(plants.flatMap(({ files }) => Object.keys(files)));
    expect(
      planted.summary.violations
        .filter((violation) => !plantedFiles.has(violation.from))
        .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`),
    ).toEqual([]);
  });
});
