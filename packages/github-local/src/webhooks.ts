import { sep } from 'node:path';
import { findRepo, installationForRepo } from './access';
import { githubDir, type HostContext } from './context';
import { listRefFiles } from './git-ref-files';
import { watchRefMoves, type RefMove } from './ref-moves';
import {
  checkedWebhookConfig,
  deliver,
  type AppWebhookConfig,
  type WebhookDelivery,
} from './webhook-delivery';
import { listenToActivity, type HostActivity } from './host-activity';
import { syncRepoPulls } from './pull-model';
import { collaboration, nextId } from './pulls-state';
import type { PullRecord, RepoRecord } from './state';
import { pushPayload } from './webhook-payload';
import { checkSuitePayload, pullRequestPayload } from './webhook-pull-payload';

/**
 * The app's webhook (its settings on GitHub: URL, secret, subscribed events): a `push` event for
 * every branch or tag a repository of an installation gets created, moved or deleted by the host,
 * and, for served sites, by the developer's own git (their ref files are polled every second while
 * a webhook is set). A push to the head branch of open pull requests also sends `pull_request`
 * (`synchronize`) for each and `check_suite` (`requested`); a pull request opened or reopened
 * sends `pull_request`, a re-requested check suite `check_suite` (host-activity.ts). Events queue in the order the refs moved and go out one at a time after the
 * request that moved them; a failed delivery is logged, never retried, and never affects the request.
 */

export interface WebhookControls {
  /**
   * The app's webhook, as in its settings on GitHub; null turns it off. Only http(s) URLs (else it
   * throws). Not persisted: a restarted host has none until it is set again.
   */
  setAppWebhook(config: AppWebhookConfig | null): void;
  /** Test control: the most recent deliveries (at most 100), oldest first. */
  webhookDeliveries(): WebhookDelivery[];
  /** Test control: resolves once every event queued so far (and any queued meanwhile) was attempted. */
  settleWebhooks(): Promise<void>;
}

export interface WebhookSender extends WebhookControls {
  /** Stops watching and polling, abandons queued deliveries and aborts the one in flight. */
  close(): Promise<void>;
}

const LOG_SIZE = 100;
export const SITE_POLL_MS = 1_000;

export function createWebhookSender(
  ctx: HostContext,
  sites: { owner: string; name: string }[],
): WebhookSender {
  let config: AppWebhookConfig | null = null;
  let stopWatching: (() => void) | null = null;
  let poller: NodeJS.Timeout | null = null;
  let tail: Promise<void> = Promise.resolve();
  let closed = false;
  const abort = new AbortController();
  const log: WebhookDelivery[] = [];
  /**
   * A served site's last move of each ref (gitDir + NUL + ref → before>after): the poll can see the
   * host's own move before the host announces it (git wrote the file, its process has not exited
   * yet), and a move seen both ways is sent once.
   */
  const announced = new Map<string, string>();
  const reposRoot = `${githubDir(ctx.dataDir)}${sep}repos${sep}`;
  const siteDirs = new Map(
    sites.map((site) => [`${reposRoot}${site.owner}${sep}${site.name}.git`, site]),
  );
  /** Branch and tag heads of each served site as last seen (or announced). */
  const siteRefs = new Map<string, Map<string, string>>();

  const hookId = ctx.state.app.id * 1000 + 1;

  function record(delivery: WebhookDelivery): void {
    log.push(delivery);
    if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE);
  }

  function onMove(move: RefMove): void {
    if (closed || !config || !move.gitDir.startsWith(reposRoot)) return;
    const seen = siteRefs.get(move.gitDir);
    if (seen) {
      const key = `${move.gitDir}\0${move.ref}`;
      const transition = `${move.before ?? ''}>${move.after ?? ''}`;
      if (announced.get(key) === transition) return;
      announced.set(key, transition);
      if (move.after === null) seen.delete(move.ref);
      else seen.set(move.ref, move.after);
    }
    const [owner = '', file = ''] = move.gitDir.slice(reposRoot.length).split(sep);
    const repo = findRepo(ctx, owner, file.replace(/\.git$/, ''));
    if (!repo) return;
    // A fork the App is not installed on sends no push, but its pull requests' parent hears of them.
    const installation = installationForRepo(ctx, repo);
    if (installation) send('push', repo, () => pushPayload(ctx, move, repo, installation));
    if (move.after === null || !move.ref.startsWith('refs/heads/')) return;
    const branch = move.ref.slice('refs/heads/'.length);
    const pulls = openPullsHeadedBy(repo, branch);
    for (const pull of pulls) {
      const base = ctx.state.repos.find((record) => record.id === pull.repoId);
      const baseInstallation = base && installationForRepo(ctx, base);
      if (!base || !baseInstallation) continue;
      send('pull_request', base, async () => {
        // The pull request follows its branch when read: its head is the pushed commit from here on.
        await syncRepoPulls(ctx, base);
        return pullRequestPayload(ctx, {
          repo: base,
          pull,
          action: 'synchronize',
          installation: baseInstallation,
          actor: move.actor,
          before: move.before ?? undefined,
        });
      });
    }
    const own = pulls.filter((pull) => pull.repoId === repo.id);
    if (own.length > 0 && installation)
      send('check_suite', repo, async () => {
        await syncRepoPulls(ctx, repo);
        const suiteId = nextId(ctx, 'checkSuite');
        ctx.save();
        return checkSuitePayload(ctx, {
          repo,
          installation,
          action: 'requested',
          suiteId,
          headBranch: branch,
          headSha: move.after!,
          before: move.before,
          pulls: own,
          actor: move.actor,
        });
      });
  }

  /** Open pull requests whose head is `branch` of `repo` (its own, or a fork's into its parent). */
  function openPullsHeadedBy(repo: RepoRecord, branch: string): PullRecord[] {
    return collaboration(ctx).pulls.filter(
      (pull) =>
        pull.state === 'open' &&
        pull.headRef === branch &&
        (pull.headRepoId === undefined ? pull.repoId === repo.id : pull.headRepoId === repo.id),
    );
  }

  /** Pull requests opened or reopened, check suites re-requested, by the host's own requests. */
  function onActivity(activity: HostActivity): void {
    if (closed || !config) return;
    const { repo } = activity;
    const installation = installationForRepo(ctx, repo);
    if (!installation) return;
    if (activity.kind === 'pull') {
      send('pull_request', repo, () =>
        pullRequestPayload(ctx, { ...activity, installation, actor: activity.actor }),
      );
      return;
    }
    send('check_suite', repo, async () =>
      checkSuitePayload(ctx, {
        repo,
        installation,
        action: 'rerequested',
        suiteId: activity.suiteId,
        headBranch:
          collaboration(ctx).pulls.find(
            (pull) => pull.repoId === repo.id && pull.headSha === activity.headSha,
          )?.headRef ?? null,
        headSha: activity.headSha,
        before: null,
        pulls: collaboration(ctx).pulls.filter(
          (pull) =>
            pull.repoId === repo.id && pull.state === 'open' && pull.headSha === activity.headSha,
        ),
        actor: activity.actor,
      }),
    );
  }

  /**
   * Queues one event of a repository, when the App subscribes to it; its payload is built after
   * the request that caused it, and a payload that cannot be built is logged as a failed delivery.
   */
  function send(event: string, repo: RepoRecord, build: () => Promise<unknown>): void {
    if (!config || !ctx.state.app.events.includes(event)) return;
    const target = config;
    const full = `${repo.owner}/${repo.name}`;
    enqueue(async () => {
      // After the request that moved the ref: its response goes first.
      await new Promise((resolve) => setImmediate(resolve));
      let body: Buffer;
      try {
        body = Buffer.from(JSON.stringify(await build()));
      } catch (error) {
        const message = `Payload not built: ${error instanceof Error ? error.message : String(error)}`;
        return record({
          id: '',
          event,
          repository: full,
          url: target.url,
          status: null,
          error: message,
          durationMs: 0,
          deliveredAt: new Date(ctx.now()).toISOString(),
        });
      }
      record(
        await deliver(
          target,
          { event, repository: full, body, hookId, appId: ctx.state.app.id },
          abort.signal,
          ctx.now,
        ),
      );
    });
  }

  function enqueue(job: () => Promise<void>): void {
    tail = tail
      .then(() => (closed ? undefined : job()))
      .catch((error: unknown) => console.error('[github-local] webhook delivery failed', error));
  }

  /** Served sites: refs moved by the developer's own git, outside the host. */
  function pollSites(): void {
    for (const gitDir of siteDirs.keys()) {
      const now = headsOf(gitDir);
      const before = siteRefs.get(gitDir);
      if (!now || !before) continue;
      for (const [ref, sha] of now)
        if (before.get(ref) !== sha)
          onMove({ gitDir, ref, before: before.get(ref) ?? null, after: sha });
      for (const [ref, sha] of before)
        if (!now.has(ref)) onMove({ gitDir, ref, before: sha, after: null });
      siteRefs.set(gitDir, now);
    }
  }

  function headsOf(gitDir: string): Map<string, string> | undefined {
    const heads = listRefFiles(gitDir, 'refs/heads/');
    const tags = listRefFiles(gitDir, 'refs/tags/');
    return heads && tags ? new Map([...heads, ...tags]) : undefined;
  }

  function stop(): void {
    stopWatching?.();
    stopWatching = null;
    if (poller) clearInterval(poller);
    poller = null;
    siteRefs.clear();
    announced.clear();
  }

  return {
    setAppWebhook(next) {
      const checked = checkedWebhookConfig(next);
      if (closed) throw new Error('The host is closed');
      config = checked;
      if (!config) {
        listenToActivity(ctx, undefined);
        return stop();
      }
      listenToActivity(ctx, onActivity);
      stopWatching ??= watchRefMoves(onMove);
      if (siteDirs.size > 0 && !poller) {
        for (const gitDir of siteDirs.keys()) {
          const heads = headsOf(gitDir);
          if (heads) siteRefs.set(gitDir, heads);
        }
        poller = setInterval(pollSites, SITE_POLL_MS);
        poller.unref();
      }
    },
    webhookDeliveries: () => log.map((delivery) => ({ ...delivery })),
    async settleWebhooks() {
      for (let seen: Promise<void> | null = null; seen !== tail;) {
        seen = tail;
        await seen;
      }
    },
    async close() {
      closed = true;
      config = null;
      listenToActivity(ctx, undefined);
      stop();
      abort.abort();
      await tail;
    },
  };
}
