import { gitProcessCount } from './git-command';
import { releaseRepositories } from './git-reading';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { findRepo } from './access';
import {
  createHostContext,
  GITHUB_TREE_LIMITS,
  githubDir,
  repoGitDir,
  stateFile,
  type TreeLimits,
} from './context';
import type { CommitFilesInput, CommitResult } from './git-write';
import { sendJson } from './http-io';
import { BodyTooLargeError, isAllowedHost, refuse, type HostRule } from './request-guards';
import { collaborationControls, type CollaborationControls } from './collaboration-controls';
import { createTrafficControl, type TrafficControls } from './faults';
import { DEFAULT_BLOB_TEXT_LIMIT } from './graphql/endpoint';
import { checkedLatency, timerWait, type LatencyControls, type Wait } from './latency';
import { settleBackgroundJobs } from './pulls-state';
import type { ImportFilesInput, ImportResult } from './git-import';
import {
  commitToRepo,
  createRepository,
  forkRepository,
  importToRepo,
  type CreateRepositoryInput,
} from './repos';
import { createSeedState, seedRepositories } from './seed';
import { serveSites, type ServedSite } from './sites';
import { loadState } from './state';
import { expireUserAccessTokens, mintUserTokens, type UserTokenPair } from './tokens';
import { checkedWebhookConfig, type AppWebhookConfig } from './webhook-delivery';
import { createWebhookSender, type WebhookControls } from './webhooks';
import { createRequestHandler } from './request-handler';

export interface GitHubLocal
  extends CollaborationControls, TrafficControls, WebhookControls, LatencyControls {
  /** Web base, e.g. http://127.0.0.1:8788; REST base = url + '/api/v3'. */
  url: string;
  apiUrl: string;
  dataDir: string;
  app: {
    appId: number;
    slug: string;
    clientId: string;
    clientSecret: string;
    privateKeyPem: string;
  };
  /** API round trips served: REST, GraphQL, the OAuth token endpoint and device code requests. */
  requestCount(): number;
  resetRequestCount(): void;
  /** refresh_token grant requests received (successful or not), to assert single-flight refresh. */
  refreshCount(): number;
  /** Git processes started so far by every host in this Node process (a read served from cache starts none). */
  gitProcessCount(): number;
  /** Test control: the user's current access tokens expire now (refresh tokens keep working). */
  expireAccessTokens(login: string): void;
  /** Test control: a ghu_/ghr_ pair for `login` without going through a sign-in flow. */
  issueUserToken(login: string): UserTokenPair;
  /** Test control: a new (empty, private) repository, optionally with the app installed on it. */
  createRepository(
    input: CreateRepositoryInput,
  ): Promise<{ id: number; owner: string; name: string; defaultBranch: string }>;
  /** Test control: `forkOwner`'s fork of a repository (every branch copied), for cross-repository pull requests. */
  forkRepository(
    owner: string,
    name: string,
    forkOwner: string,
  ): Promise<{ id: number; owner: string; name: string }>;
  /** Test control: commit files to a branch with compare-and-swap on the ref. */
  commitFiles(owner: string, name: string, input: CommitFilesInput): Promise<CommitResult>;
  /**
   * Test control: many files in one commit through one `git fast-import` (100,000 posts in
   * seconds), the branch moved by compare-and-swap; for generated repositories of any size.
   */
  importFiles(owner: string, name: string, input: ImportFilesInput): Promise<ImportResult>;
  /** Path of a repository's bare git directory. */
  gitDir(owner: string, name: string): string;
  /** Test control: where recursive REST trees are cut short from now on (GitHub's limits when null). */
  setTreeLimits(limits: TreeLimits | null): void;
  /** Registers the app's callback URLs (as in the app's settings on GitHub); the first is the default redirect. */
  setCallbackUrls(urls: string[]): void;
  /** The listening server (its time-outs are read by tests). */
  server: Server;
  /** Working trees served in place as `local/<dir name>` (the `sites` option), in the order given. */
  sites: ServedSite[];
  close(): Promise<void>;
}

/** Headers must arrive within 10 s and a whole request (a git push included) within 60 s. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface StartGitHubLocalOptions {
  dataDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Clock in epoch milliseconds, for tests that move time (token and code expiry, poll intervals). */
  now?: () => number;
  /** Bytes of GraphQL Blob.text before it is truncated (isTruncated: true); GitHub's observed 512,000 by default. */
  blobTextLimit?: number;
  /** Host names answered besides loopback names and the listen address (e.g. the public name of a proxy). */
  allowedHostnames?: string[];
  /** The app's registered callback URLs; none registered means the authorize page redirects nowhere. */
  callbackUrls?: string[];
  /** Where recursive REST trees are cut short (`truncated: true`); GitHub's 100,000 entries and 7 MB by default. */
  treeLimits?: TreeLimits;
  /** Largest request body accepted (413 beyond); 10 MiB by default. */
  maxBodyBytes?: number;
  /** Git working trees to serve in place as `local/<dir name>` (see sites.ts). */
  sites?: string[];
  /**
   * The app's webhook (see `setAppWebhook`): `push` events for the branches and tags of installed
   * repositories. Not persisted in the data directory; give it at every start.
   */
  appWebhook?: AppWebhookConfig | null;
  /**
   * Milliseconds every REST, GraphQL and OAuth request waits before it is served, as from a cloud
   * region (latency.ts); 0 by default, at most 10,000. `setLatency` changes it later.
   */
  latencyMs?: number;
  /** How the host waits out `latencyMs` (a timer); tests pass their own. */
  wait?: Wait;
}

export async function startGitHubLocal(options: StartGitHubLocalOptions): Promise<GitHubLocal> {
  const now = options.now ?? Date.now;
  const existing = loadState(stateFile(options.dataDir));
  const ctx = createHostContext(options.dataDir, existing ?? createSeedState(), now);
  if (!existing) {
    // state.json is written only once the seed is complete: a half-seeded directory is seeded again.
    await rm(join(githubDir(options.dataDir), 'repos'), { recursive: true, force: true });
    await seedRepositories({ ...ctx, save: () => undefined });
    ctx.save();
  }
  ctx.callbackUrls = checkedCallbackUrls(options.callbackUrls ?? []);
  ctx.treeLimits = checkedTreeLimits(options.treeLimits ?? GITHUB_TREE_LIMITS);
  const appWebhook = checkedWebhookConfig(options.appWebhook ?? null);
  const sites = await serveSites(ctx, options.sites ?? []);
  const traffic = createTrafficControl();
  const host = options.host ?? '127.0.0.1';
  const rule: HostRule = {
    port: options.port ?? 0,
    listenHost: host,
    extraHostnames: options.allowedHostnames ?? [],
  };
  const latency = { ms: checkedLatency(options.latencyMs ?? 0), wait: options.wait ?? timerWait };
  const handle = createRequestHandler({
    ctx,
    traffic,
    latency,
    graphqlOptions: { blobTextLimit: options.blobTextLimit ?? DEFAULT_BLOB_TEXT_LIMIT },
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
  });
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      if (!isAllowedHost(req.headers.host, rule)) {
        return refuse(
          req,
          res,
          421,
          'This server answers only requests addressed to localhost, 127.0.0.1, [::1] or its configured names (Host header).',
        );
      }
      handle(req, res).catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) return refuse(req, res, 413, error.message);
        console.error('[github-local] request failed', req.method, req.url, error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Server Error' });
        else res.destroy();
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  rule.port = port;
  const publicHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  ctx.webUrl = `http://${publicHost}:${port}`;
  ctx.apiUrl = `${ctx.webUrl}/api/v3`;
  const app = ctx.state.app;
  const webhooks = createWebhookSender(ctx, sites);
  webhooks.setAppWebhook(appWebhook);
  return {
    url: ctx.webUrl,
    apiUrl: ctx.apiUrl,
    dataDir: options.dataDir,
    app: {
      appId: app.id,
      slug: app.slug,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      privateKeyPem: app.privateKeyPem,
    },
    requestCount: () => ctx.counters.requests,
    resetRequestCount: () => {
      ctx.counters.requests = 0;
      traffic.reset();
    },
    injectFaults: (fault, filter) => traffic.injectFaults(fault, filter),
    holdRequest: (filter) => traffic.holdRequest(filter),
    requestLog: () => traffic.requestLog(),
    refreshCount: () => ctx.counters.refreshes,
    gitProcessCount,
    expireAccessTokens: (login) => expireUserAccessTokens(ctx, login),
    issueUserToken: (login) => {
      if (!ctx.state.users.some((user) => user.login === login))
        throw new Error(`Unknown user ${login}`);
      return mintUserTokens(ctx, login, false);
    },
    createRepository: async (input) => {
      const repo = await createRepository(ctx, input);
      return { id: repo.id, owner: repo.owner, name: repo.name, defaultBranch: repo.defaultBranch };
    },
    forkRepository: async (owner, name, forkOwner) => {
      const parent = findRepo(ctx, owner, name);
      if (!parent) throw new Error(`Unknown repository ${owner}/${name}`);
      const fork = await forkRepository(ctx, parent, forkOwner);
      return { id: fork.id, owner: fork.owner, name: fork.name };
    },
    commitFiles: (owner, name, input) => {
      const repo = findRepo(ctx, owner, name);
      if (!repo) throw new Error(`Unknown repository ${owner}/${name}`);
      return commitToRepo(ctx, repo, input);
    },
    importFiles: (owner, name, input) => {
      const repo = findRepo(ctx, owner, name);
      if (!repo) throw new Error(`Unknown repository ${owner}/${name}`);
      return importToRepo(ctx, repo, input);
    },
    gitDir: (owner, name) => repoGitDir(options.dataDir, owner, name),
    setTreeLimits: (limits) => {
      ctx.treeLimits = checkedTreeLimits(limits ?? GITHUB_TREE_LIMITS);
    },
    setCallbackUrls: (urls) => {
      ctx.callbackUrls = checkedCallbackUrls(urls);
    },
    setLatency: (ms) => {
      latency.ms = checkedLatency(ms);
    },
    server,
    sites,
    ...collaborationControls(ctx),
    setAppWebhook: (config) => webhooks.setAppWebhook(config),
    webhookDeliveries: () => webhooks.webhookDeliveries(),
    settleWebhooks: () => webhooks.settleWebhooks(),
    close: async () => {
      // Queued deliveries are abandoned and the one in flight aborted; their payloads read git here.
      await webhooks.close();
      // Background mergeability checks still run git in the data directory: let them finish first.
      await settleBackgroundJobs(ctx);
      traffic.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      releaseRepositories(options.dataDir);
    },
  };
}

function checkedTreeLimits(limits: TreeLimits): TreeLimits {
  if (![limits.maxEntries, limits.maxBytes].every((value) => Number.isInteger(value) && value > 0))
    throw new Error('treeLimits: maxEntries and maxBytes must be positive integers');
  return { ...limits };
}

function checkedCallbackUrls(urls: string[]): string[] {
  const invalid = urls.find(
    (url) => !URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol),
  );
  if (invalid !== undefined) throw new Error(`Not an http(s) callback URL: ${invalid}`);
  return [...urls];
}
