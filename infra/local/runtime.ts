import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createDocumentClient } from '../../shared/adapters/dynamodb/dynamodb-client';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { ensureTable } from '../../shared/adapters/dynamodb/ensure-table';
import { startDynalite } from './dynalite';
import { startGateway } from './gateway';
import {
  createLocalHandlers,
  createLocalIndexer,
  createLocalScheduler,
  createLocalWebhookSender,
} from './handlers';
import {
  createLocalIndexQueue,
  indexTimer,
  type IndexScheduler,
} from '../../shared/adapters/local/local-index-queue';
import type { IndexSettings } from '../../shared/content/collection-index/index-settings';
import { localNetworkPolicy, type NetworkPolicy } from '../../shared/webhooks/address-guard';
import {
  createLocalWebhookQueue,
  timerScheduler,
} from '../../shared/adapters/local/local-webhook-queue';
import { createLocalScheduleTimer } from './schedule-timer';
import { createScheduleRecords } from '../../shared/schedules/schedule-records';
import { createLocalKeyProvider } from '../../shared/adapters/local/local-key-provider';
import { createJsonLogger, type Logger } from '../../shared/logger';
import { startGitHubLocal, type GitHubLocal } from '@cms/github-local';
import { loadOrCreateSecret } from './secrets';
import { connectSites, type SiteStatus } from './sites';
import { createLocalStaging } from './media-staging';

export interface LocalOptions {
  dataDir: string;
  /** Service port; 0 picks a free one. */
  port: number;
  githubPort: number;
  host?: string;
  /** The built editor, served under /app. */
  webRoot?: string;
  logger?: Logger;
  /** Persist the table under the data dir (default) or keep it in memory (tests). */
  persistTable?: boolean;
  /** The origin browsers use, when it is not the gateway's own address (a proxy, another host name). */
  publicUrl?: string;
  /** One clock for the service and the local host; tests move it forward instead of sleeping. */
  now?: () => number;
  /** The preview hosts the editor may frame (shared/pulls/preview-origins.ts); Cloudflare Pages previews by default. */
  previewFrameOrigins?: readonly string[];
  /** Git working trees served in place as `local/<dir name>` and connected for the demo user (`--site`). */
  sites?: string[];
  /**
   * Which private addresses webhooks may reach. Local mode allows loopback (127.0.0.0/8, ::1), over
   * http too, so a receiver on this machine can be tried.
   */
  webhookPolicy?: NetworkPolicy;
  /**
   * Collection indexes: their settings (inline limit, chunking, run budget) and when queued builds
   * run (a timer by default; tests run them by hand).
   */
  indexing?: { settings?: Partial<IndexSettings>; scheduler?: IndexScheduler };
  /** API Gateway's integration timeout as the gateway plays it (infra/local/aws-invocation.ts); 30 s, as on AWS. */
  integrationTimeoutMs?: number;
  /** What every request to the local GitHub host waits before it is served (its `latencyMs`); none by default. */
  githubLatencyMs?: number;
}

export interface LocalRuntime {
  url: string;
  github: GitHubLocal;
  dynamo: ReturnType<typeof createDocumentClient>;
  /** The served working trees, in the order given, and whether each is connected. */
  sites: SiteStatus[];
  /** The secret the local host signs its App webhook deliveries with, as the service verifies them. */
  githubWebhookSecret: string;
  /** Runs the schedules that are due by the clock now (tests move the clock instead of waiting for timers). */
  runDueSchedules(): Promise<void>;
  /** Resolves once every request handed to a function has ended, those already answered 503 included. */
  settleRequests(): Promise<void>;
  close(): Promise<void>;
}

export const tableName = 'cms';

/**
 * Local mode: dynalite, the GitHub-compatible host and the gateway in one process, wired to the
 * very same group handlers Lambda runs. Only the key provider differs from AWS.
 */
export async function startLocal(options: LocalOptions): Promise<LocalRuntime> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const logger = options.logger ?? createJsonLogger();
  // The host answers the public URL's name too (browsers follow its redirects there), never a foreign one.
  const publicHosts = options.publicUrl ? [new URL(options.publicUrl).hostname] : [];
  const github = await startGitHubLocal({
    dataDir,
    port: options.githubPort,
    host: options.host,
    now: options.now,
    allowedHostnames: publicHosts,
    sites: options.sites,
    latencyMs: options.githubLatencyMs,
  });
  const dynalite = await startDynalite({
    dataDir: options.persistTable === false ? undefined : path.join(dataDir, 'dynamodb'),
  });
  const dynamo = createDocumentClient({
    endpoint: dynalite.endpoint,
    requestHandler: dynalite.requestHandler,
  });
  await ensureTable(dynamo.client, tableName);

  const store = createDynamoDbStore({ client: dynamo.doc, tableName, now: options.now });
  const sites = await connectSites(github, store, options.now ?? Date.now);

  let publicUrl = options.publicUrl ?? '';
  const staging = createLocalStaging({
    dir: path.join(dataDir, 'media-staging'),
    publicUrl: () => publicUrl,
    now: options.now ?? Date.now,
  });
  const now = options.now ?? Date.now;
  const schedules = createLocalScheduleTimer({
    store,
    records: createScheduleRecords(store, now),
    logger,
    now,
  });
  // Deliveries wait in process: each attempt after its backoff on a timer; none survive a restart.
  const webhookQueue = createLocalWebhookQueue({
    scheduler: timerScheduler,
    deliverer: () => sender,
    logger,
  });
  // The App's webhook secret, as the operator sets it on GitHub and in the App secret on AWS.
  const githubWebhookSecret = (await loadOrCreateSecret(dataDir, 'github-webhook.key')).toString(
    'base64url',
  );
  // Index builds wait in process too: each after its delay; a restart loses them (a list asks again).
  const indexQueue = createLocalIndexQueue({
    scheduler: options.indexing?.scheduler ?? indexTimer,
    run: () => (job) => indexer.run(job),
    logger,
  });
  const wiring = {
    githubWebhookSecret,
    store,
    webhookQueue,
    indexQueue,
    ...(options.indexing?.settings && { indexSettings: options.indexing.settings }),
    webhookPolicy: options.webhookPolicy ?? localNetworkPolicy,
    keyProvider: createLocalKeyProvider(await loadOrCreateSecret(dataDir, 'master.key')),
    tokenHmacKey: await loadOrCreateSecret(dataDir, 'token-hmac.key'),
    github,
    logger,
    publicUrl: () => publicUrl,
    now: options.now,
    uploadStaging: staging.staging,
    scheduleTimer: schedules.timer,
  };
  const handlers = createLocalHandlers(wiring);
  const scheduler = createLocalScheduler(wiring);
  const sender = createLocalWebhookSender(wiring);
  const indexer = createLocalIndexer(wiring);
  await schedules.start((id) => scheduler.run(id));
  const gateway = await startGateway({
    handlers,
    staging: staging.handle,
    port: options.port,
    host: options.host,
    webRoot: options.webRoot,
    publicUrl: options.publicUrl,
    previewFrameOrigins: options.previewFrameOrigins,
    integrationTimeoutMs: options.integrationTimeoutMs,
    logger,
  });
  publicUrl ||= gateway.url;
  // The app's registered callback, as on GitHub: the authorize page redirects nowhere else.
  github.setCallbackUrls([new URL('/auth/callback', publicUrl).toString()]);
  // The app's webhook, as set on GitHub: the host posts its signed push deliveries to the gateway itself.
  github.setAppWebhook({
    url: new URL('/api/github/webhook', gateway.url).toString(),
    secret: githubWebhookSecret,
  });

  return {
    url: gateway.url,
    github,
    githubWebhookSecret,
    dynamo,
    sites,
    runDueSchedules: () => schedules.runDue(),
    settleRequests: () => gateway.settled(),
    async close() {
      schedules.stop();
      // The host's last push deliveries are answered first: their handlers write to the table.
      github.setAppWebhook(null);
      await github.settleWebhooks();
      await gateway.close();
      await github.close();
      await dynalite.close();
      dynamo.client.destroy();
    },
  };
}
