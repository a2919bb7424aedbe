import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esmRequireBanner } from '../../infra/aws/cms-function';

/**
 * The floor of a group's cold start: a bare handler importing and making the same AWS SDK clients
 * (and commands) as the group does at module load, bundled as CmsFunction bundles, so what a group
 * loads over its floor is the service's own code. Clients a group loads on first use (S3 in media,
 * EventBridge Scheduler in schedules, SQS for webhook deliveries: functions/aws-on-first-use.ts)
 * are not in its floor.
 */
export type SdkClient = 'dynamodb' | 'kms' | 'secrets-manager';

const sources: Record<SdkClient, { imports: string; make: string; uses: string }> = {
  dynamodb: {
    imports: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand, DeleteCommand, QueryCommand, BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';`,
    make: `const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ retryMode: 'standard' }), { marshallOptions: { removeUndefinedValues: true } });`,
    uses: `doc.send(new GetCommand(input)), doc.send(new PutCommand(input)), doc.send(new UpdateCommand(input)), doc.send(new DeleteCommand(input)), doc.send(new QueryCommand(input)), doc.send(new BatchGetCommand(input)), doc.send(new BatchWriteCommand(input))`,
  },
  kms: {
    imports: `import { KMSClient, GenerateDataKeyCommand, DecryptCommand } from '@aws-sdk/client-kms';`,
    make: `const kms = new KMSClient({ retryMode: 'standard' });`,
    uses: `kms.send(new GenerateDataKeyCommand(input)), kms.send(new DecryptCommand(input))`,
  },
  'secrets-manager': {
    imports: `import { SecretsManagerClient, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';`,
    make: `const secrets = new SecretsManagerClient({ retryMode: 'standard' });`,
    uses: `secrets.send(new GetSecretValueCommand(input))`,
  },
};

/** The SDK clients each function makes at module load (functions/<group>/handler.ts and the helpers it calls). */
export const sdkClientsAtLoad: Record<string, readonly SdkClient[]> = {
  health: ['secrets-manager'],
  tokens: ['dynamodb', 'secrets-manager'],
  'webhook-sender': ['dynamodb', 'kms'],
  ...Object.fromEntries(
    [
      'session',
      'device',
      'repos',
      'content',
      'pulls',
      'media',
      'schedules',
      'activity',
      'webhooks',
      'scheduler',
    ].map((group) => [group, ['dynamodb', 'kms', 'secrets-manager']]),
  ),
};

/** The package each client comes from, to check that a group's bundle holds its floor's clients. */
export const packageOf: Record<SdkClient, string> = {
  dynamodb: '@aws-sdk/lib-dynamodb',
  kms: '@aws-sdk/client-kms',
  'secrets-manager': '@aws-sdk/client-secrets-manager',
};

export const floorName = (clients: readonly SdkClient[]) =>
  clients.length ? clients.join('+') : 'none';

/** Bundles the floor handler of `clients` into `outdir`/index.mjs. */
export async function bundleFloor(
  clients: readonly SdkClient[],
  outdir: string,
  projectRoot: string,
) {
  mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, 'index.mjs');
  const contents = `${clients.map((client) => sources[client].imports).join('\n')}
${clients.map((client) => sources[client].make).join('\n')}
export const handler = async (input) => Promise.allSettled([${clients.map((client) => sources[client].uses).join(', ')}]);
`;
  await build({
    stdin: {
      contents,
      resolveDir: projectRoot,
      sourcefile: `floor-${floorName(clients)}.mjs`,
      loader: 'js',
    },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    banner: { js: esmRequireBanner },
    logLevel: 'warning',
    absWorkingDir: projectRoot,
  });
  const bytes = readFileSync(outfile);
  return { outfile, minifiedBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}
