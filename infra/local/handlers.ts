import type { Ports } from '../../functions/ports';
import { createGitHubPorts } from '../../functions/github-ports';
import { wireContent } from '../../functions/content/wire';
import { wireMedia } from '../../functions/media/wire';
import { wireDevice } from '../../functions/device/wire';
import { wireHealth } from '../../functions/health/wire';
import { wirePulls } from '../../functions/pulls/wire';
import { wireRepos } from '../../functions/repos/wire';
import { wireSession } from '../../functions/session/wire';
import { wireTokens } from '../../functions/tokens/wire';
import { wireSchedules } from '../../functions/schedules/wire';
import { wireActivity } from '../../functions/activity/wire';
import { wireWebhooks } from '../../functions/webhooks/wire';
import { wireScheduler } from '../../functions/scheduler/wire';
import { wireWebhookSender } from '../../functions/webhook-sender/wire';
import { localNetworkPolicy, type NetworkPolicy } from '../../shared/webhooks/address-guard';
import type { WebhookQueue } from '../../shared/ports/webhook-queue';
import type { ScheduleTimer } from '../../shared/ports/schedule-timer';
import { keyFamilies } from '../../shared/store/keys';
import { defaultRetentionDays } from '../../shared/activity/activity-log';
import type { KeyProvider } from '../../shared/ports/key-provider';
import { createGitHubPullHost } from '../../shared/adapters/github/github-pull-host';
import { createGitHubHistoryHost } from '../../shared/adapters/github/github-history-host';
import { createGitHubReviewHost } from '../../shared/adapters/github/github-review-host';
import { createGitHubMediaHost } from '../../shared/adapters/github/github-media-host';
import type { UploadStaging } from '../../shared/ports/upload-staging';
import type { Logger } from '../../shared/logger';
import type { LambdaHttpHandler } from '../../shared/http/types';
import type { AnyRoute } from '../../shared/routes';
import { scopeStore } from '../../shared/adapters/local/scoped-store';
import type { Store } from '../../shared/ports/store';
import {
  indexerNeeds,
  leadingKeysOf,
  schedulerNeeds,
  webhookSenderNeeds,
} from '../aws/group-needs';
import { wireBackgroundJobs } from '../../functions/indexer/wire';
import type { BackgroundQueue } from '../../shared/ports/index-queue';
import type { IndexSettings } from '../../shared/content/collection-index/index-settings';

export interface LocalWiring {
  store: Store;
  keyProvider: KeyProvider;
  tokenHmacKey: Buffer;
  github: {
    url: string;
    app: { appId: number; clientId: string; clientSecret: string; privateKeyPem: string };
  };
  /** The secret the local host signs its App webhook deliveries with. */
  githubWebhookSecret?: string;
  logger: Logger;
  /** Read per request: local mode learns its port after the gateway listens. */
  publicUrl: () => string;
  /** The clock (tests move it forward instead of sleeping). */
  now?: () => number;
  /** Staged media uploads and large reads (media-staging.ts). */
  uploadStaging: UploadStaging;
  /** The in-process schedule timer (schedule-timer.ts). */
  scheduleTimer: ScheduleTimer;
  /** How many days audit records are kept (365 when absent). */
  activityRetentionDays?: number;
  /** The in-process webhook queue (shared/adapters/local/local-webhook-queue.ts). */
  webhookQueue?: WebhookQueue;
  /** Which private addresses webhooks may reach; local mode allows loopback, over http too. */
  webhookPolicy?: NetworkPolicy;
  /** The in-process queue of collection index builds (shared/adapters/local/local-index-queue.ts). */
  indexQueue?: BackgroundQueue;
  /** Collection index settings (tests make them small). */
  indexSettings?: Partial<IndexSettings>;
}

/** Every group of the route table and its wiring, the one its AWS entry calls too. */
export const wires: { readonly [G in AnyRoute['group']]: (ports: Ports) => LambdaHttpHandler } = {
  health: wireHealth,
  session: wireSession,
  tokens: wireTokens,
  device: wireDevice,
  repos: wireRepos,
  content: wireContent,
  pulls: wirePulls,
  media: wireMedia,
  schedules: wireSchedules,
  activity: wireActivity,
  webhooks: wireWebhooks,
};

/** The local ports, built once and shared by every group: the local GitHub host stands in for GitHub. */
export function createLocalPorts(wiring: LocalWiring): Ports {
  const { store, keyProvider, tokenHmacKey, logger, publicUrl, now = Date.now } = wiring;
  const apiUrl = `${wiring.github.url}/api/v3`;
  const github = createGitHubPorts({
    webUrl: wiring.github.url,
    apiUrl,
    app: wiring.github.app,
    now,
  });
  // The local host's App is always configured.
  return {
    store,
    keyProvider,
    tokenHmacKey,
    ...github,
    pullHost: createGitHubPullHost({ apiUrl }),
    reviewHost: createGitHubReviewHost({ apiUrl }),
    historyHost: createGitHubHistoryHost({ apiUrl }),
    mediaHost: createGitHubMediaHost({ apiUrl }),
    uploadStaging: wiring.uploadStaging,
    scheduleTimer: wiring.scheduleTimer,
    activityRetentionDays: wiring.activityRetentionDays ?? defaultRetentionDays,
    webhookQueue: wiring.webhookQueue,
    indexQueue: wiring.indexQueue,
    indexSettings: wiring.indexSettings,
    webhookPolicy: wiring.webhookPolicy ?? localNetworkPolicy,
    ...(wiring.githubWebhookSecret !== undefined && {
      githubWebhookSecret: wiring.githubWebhookSecret,
    }),
    logger,
    publicUrl,
    now,
    readiness: async () => ({
      ready: true,
      webhookSecret: wiring.githubWebhookSecret !== undefined,
    }),
  };
}

/**
 * Every group's handler, from the same wire function its AWS handler.ts calls, with local ports;
 * each group sees the table only through its item families, as its role's LeadingKeys condition
 * allows on AWS, so reaching beyond them fails here too.
 */
export function createLocalHandlers(
  wiring: LocalWiring,
): Record<AnyRoute['group'], LambdaHttpHandler> {
  const ports = createLocalPorts(wiring);
  const scoped = (group: AnyRoute['group']): Ports => {
    const patterns = leadingKeysOf(group);
    return patterns ? { ...ports, store: scopeStore(ports.store, patterns) } : ports;
  };
  return Object.fromEntries(
    Object.entries(wires).map(([group, wire]) => [group, wire(scoped(group as AnyRoute['group']))]),
  ) as Record<AnyRoute['group'], LambdaHttpHandler>;
}

/** The scheduler's runner with local ports, seeing the table only through its item families as on AWS. */
export function createLocalScheduler(wiring: LocalWiring) {
  const ports = createLocalPorts(wiring);
  return wireScheduler({
    ...ports,
    store: scopeStore(
      ports.store,
      schedulerNeeds.items.flatMap((family) => keyFamilies[family]),
    ),
  });
}

/** The indexer's jobs (index builds, pull request checks) with local ports, seeing the table only through its item families as on AWS. */
export function createLocalIndexer(wiring: LocalWiring & { indexQueue: BackgroundQueue }) {
  const ports = createLocalPorts(wiring);
  return wireBackgroundJobs({
    ...ports,
    indexQueue: wiring.indexQueue,
    store: scopeStore(
      ports.store,
      indexerNeeds.items.flatMap((family) => keyFamilies[family]),
    ),
  });
}

/** The webhook sender's deliverer with local ports, seeing the table only through its item families as on AWS. */
export function createLocalWebhookSender(wiring: LocalWiring) {
  const ports = createLocalPorts(wiring);
  return wireWebhookSender({
    ...ports,
    store: scopeStore(
      ports.store,
      webhookSenderNeeds.items.flatMap((family) => keyFamilies[family]),
    ),
  });
}
