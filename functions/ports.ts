import type { KeyProvider } from '../shared/ports/key-provider';
import type { GitHost, OAuthProvider } from '../shared/ports/git-host';
import type { PullHost } from '../shared/ports/pull-host';
import type { CheckHost } from '../shared/ports/check-host';
import type { ReviewHost } from '../shared/ports/review-host';
import type { HistoryHost } from '../shared/ports/history-host';
import type { MediaHost } from '../shared/ports/media-host';
import type { UploadStaging } from '../shared/ports/upload-staging';
import type { ScheduleTimer } from '../shared/ports/schedule-timer';
import type { Logger } from '../shared/logger';
import type { LambdaHttpHandler } from '../shared/http/types';
import type { Store } from '../shared/ports/store';
import type { NetworkPolicy } from '../shared/webhooks/address-guard';
import type { WebhookQueue } from '../shared/ports/webhook-queue';
import type { BackgroundQueue } from '../shared/ports/index-queue';
import type { IndexSettings } from '../shared/content/collection-index/index-settings';

/**
 * Everything a group handler is wired from: the outside world, built once per runtime. The AWS
 * entry (`functions/<group>/handler.ts`) builds these from its environment and secrets; local
 * mode (`infra/local/handlers.ts`) from dynalite, its key files and the local GitHub host. Each
 * group's `wire<Group>` (`functions/<group>/wire.ts`) turns the ports it names into its handler,
 * so both runtimes get the same object graph.
 */
export interface Ports {
  store: Store;
  /** Seals provider tokens and device codes (KMS on AWS, a local master key otherwise). */
  keyProvider: KeyProvider;
  /** Keys the API tokens' HMAC. */
  tokenHmacKey: Buffer;
  oauth: OAuthProvider;
  gitHost: GitHost;
  pullHost: PullHost;
  /** Check runs the App writes on pull requests (the content check), with its own installation token. */
  checkHost: CheckHost;
  /** Branch rules, reviews and checks on the provider (the review workflow of protected branches). */
  reviewHost: ReviewHost;
  /** Who changed a file, when and why: the provider's history of a path (item history). */
  historyHost: HistoryHost;
  /** Media blobs on the provider (bytes in, bytes out). */
  mediaHost: MediaHost;
  /** Where uploads wait before their commit, and large media reads are served from (S3 on AWS, a directory locally). */
  uploadStaging: UploadStaging;
  /** How many days audit records are kept (365 when absent). */
  activityRetentionDays?: number;
  /** Wakes the scheduler at a schedule's time (EventBridge Scheduler on AWS, an in-process timer locally). */
  scheduleTimer: ScheduleTimer;
  /**
   * Where webhook deliveries wait (an in-process queue locally, SQS on AWS). Every group that
   * records writes queues their deliveries here; absent, none are queued.
   */
  webhookQueue?: WebhookQueue;
  /**
   * Where collection index builds wait (in process locally, SQS on AWS): lists that need an index
   * ask for it here, as do connecting a repository and a push into a collection; so do pull
   * requests' content checks, asked for by the App's webhook. Absent, nothing is built (lists of
   * collections over the inline limit page in path order only) and no pull request is checked.
   */
  indexQueue?: BackgroundQueue;
  /** The inline limit, chunking and run budget of collection indexes; tests make them small. */
  indexSettings?: Partial<IndexSettings>;
  /**
   * The GitHub App's webhook secret: GitHub's deliveries are verified with it (push freshness).
   * Absent, they are refused, and every list reads GitHub.
   */
  githubWebhookSecret?: string;
  /** Which private addresses webhooks may reach, and http to loopback (local mode); none when absent. */
  webhookPolicy?: NetworkPolicy;
  logger: Logger;
  /** The origin browsers use; read per request (local mode learns its port after listening). */
  publicUrl: () => string;
  /** The clock every domain service reads (Date.now on AWS; tests move it forward). */
  now: () => number;
  /**
   * Whether the settings filled in after deploying are there (on AWS the GitHub App secret):
   * `/api/health` reports the reason when not. Local mode is always ready.
   */
  readiness: () => Promise<Readiness>;
}

/** Ready: whether GitHub's App deliveries can be verified too (the App secret's optional webhookSecret). */
export type Readiness = { ready: true; webhookSecret: boolean } | { ready: false; reason: string };

/** A group's wiring: the ports it names in, its Lambda handler out. */
export type Wire<K extends keyof Ports> = (ports: Pick<Ports, K>) => LambdaHttpHandler;
