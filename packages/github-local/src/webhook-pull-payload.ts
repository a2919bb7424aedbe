import type { Caller } from './access';
import type { HostContext } from './context';
import { latestCheckRuns } from './branch-protection';
import { gitDirOf, pullStats } from './pull-model';
import { isoSeconds } from './repos';
import { appShape } from './rest-checks';
import { pullFull } from './pull-shapes';
import { requireUser } from './pulls-state';
import { repository } from './rest-shapes';
import { commitAt, installationRef, senderOf } from './webhook-payload';
import type { InstallationRecord, PullRecord, RepoRecord } from './state';

/**
 * The `pull_request` and `check_suite` events' payloads, shaped as GitHub documents them
 * ("Webhook events and payloads"). The pull request is the REST shape GitHub's webhook repeats
 * (mergeability unknown, as in most of GitHub's own deliveries); a check suite carries what a
 * checking App needs: its head and the open pull requests it belongs to.
 */

export type PullAction = 'opened' | 'reopened' | 'synchronize';
export type CheckSuiteAction = 'requested' | 'rerequested';

interface PayloadSource {
  repo: RepoRecord;
  installation: InstallationRecord;
  actor?: Caller;
}

export async function pullRequestPayload(
  ctx: HostContext,
  source: PayloadSource & { pull: PullRecord; action: PullAction; before?: string },
) {
  const { repo, pull, action } = source;
  const owner = requireUser(ctx, repo.owner);
  const stats = await pullStats(ctx, repo, pull);
  return {
    action,
    number: pull.number,
    ...(action === 'synchronize' ? { before: source.before ?? null, after: pull.headSha } : {}),
    pull_request: pullFull(ctx, repo, owner, pull, stats, {
      mergeable: null,
      mergeableState: 'unknown',
    }),
    // Dates are ISO strings here; only `push` gives a repository's dates in epoch seconds.
    repository: repository(ctx, repo, owner, null),
    installation: installationRef(source.installation),
    sender: senderOf(ctx, source.actor).shape,
  };
}

export async function checkSuitePayload(
  ctx: HostContext,
  source: PayloadSource & {
    action: CheckSuiteAction;
    suiteId: number;
    headBranch: string | null;
    headSha: string;
    /** The branch's head before the push that requested the suite. */
    before: string | null;
    pulls: PullRecord[];
  },
) {
  const { repo } = source;
  const owner = requireUser(ctx, repo.owner);
  const api = `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}`;
  const repoRef = { id: repo.id, url: api, name: repo.name };
  const head = await commitAt(gitDirOf(ctx, repo), source.headSha);
  if (!head) throw new Error(`No commit ${source.headSha} in ${repo.owner}/${repo.name}`);
  const at = isoSeconds(ctx.now());
  const person = ({ name, email, date }: { name: string; email: string; date: string }) => ({
    name,
    email,
    date,
  });
  return {
    action: source.action,
    check_suite: {
      id: source.suiteId,
      node_id: Buffer.from(`018:CheckSuite${source.suiteId}`).toString('base64'),
      head_branch: source.headBranch,
      head_sha: source.headSha,
      status: 'queued',
      conclusion: null,
      before: source.before,
      after: source.headSha,
      created_at: at,
      updated_at: at,
      latest_check_runs_count: latestCheckRuns(ctx, repo, source.headSha).length,
      head_commit: {
        id: head.sha,
        tree_id: head.tree,
        message: head.message.replace(/\n+$/, ''),
        timestamp: head.committer.date,
        author: person(head.author),
        committer: person(head.committer),
      },
      url: `${api}/check-suites/${source.suiteId}`,
      check_runs_url: `${api}/check-suites/${source.suiteId}/check-runs`,
      pull_requests: source.pulls.map((pull) => ({
        id: pull.id,
        number: pull.number,
        url: `${api}/pulls/${pull.number}`,
        head: { ref: pull.headRef, sha: pull.headSha, repo: repoRef },
        base: { ref: pull.baseRef, sha: pull.baseSha, repo: repoRef },
      })),
      app: appShape(ctx),
    },
    // Dates are ISO strings here; only `push` gives a repository's dates in epoch seconds.
    repository: repository(ctx, repo, owner, null),
    installation: installationRef(source.installation),
    sender: senderOf(ctx, source.actor).shape,
  };
}
