import { InvalidInputError, NotFoundError } from '../../shared/errors';
import type { RepoId } from '../../shared/ports/git-host';
import type {
  BranchRules,
  CheckAnnotation,
  CheckInfo,
  CheckRunInfo,
  MergeMethod,
  ReviewHost,
  ReviewInfo,
} from '../../shared/ports/review-host';
import { checkRunAnnotationsRead } from '../../shared/ports/review-host';
import type { MemoryProvider, MemoryRepo } from './memory-provider';

/**
 * The ReviewHost port over the in-memory provider, with the GitHub adapter's outcomes (the
 * ReviewHost contract runs against both), and the provider-side setup a test does as an admin:
 * classic protection, a ruleset on the default branch, merge settings, checks posted by a CI.
 */
export interface ClassicRule {
  /** null: pull requests not required. */
  approvals: number | null;
  checks: string[];
  strict: boolean;
  linear: boolean;
}

export interface RulesetRules {
  approvals?: number;
  allowedMergeMethods?: MergeMethod[];
  checks?: string[];
  strict?: boolean;
  linear?: boolean;
}

export interface ReviewSetup {
  protect(repo: RepoId, branch: string, rule: ClassicRule): Promise<void>;
  /** A ruleset targeting the default branch. */
  addRuleset(repo: RepoId, rules: RulesetRules): Promise<void>;
  setMergeSettings(repo: RepoId, allowed: Partial<Record<MergeMethod, boolean>>): Promise<void>;
  /** `pending` posts a check run in progress or a pending status; a check run may carry a report. */
  addCheck(repo: RepoId, sha: string, check: PostedCheck): Promise<void>;
}

/** What a check run's App writes besides its state: a title, a summary, annotations. */
export interface CheckReport {
  title?: string;
  summary?: string;
  annotations?: CheckAnnotation[];
}

export type PostedCheck = Omit<CheckInfo, 'url'> & { url: string; report?: CheckReport };

interface ReviewState {
  classic: Map<string, ClassicRule>;
  rulesets: RulesetRules[];
  merge: Record<MergeMethod, boolean>;
  reviews: Map<number, ReviewInfo[]>;
  requested: Map<number, string[]>;
  /** Commit sha → checks, oldest first; a check run's id is its place among every repository's. */
  checks: Map<string, (PostedCheck & { id: number })[]>;
}

const METHODS: MergeMethod[] = ['merge', 'squash', 'rebase'];

export function createMemoryReviewHost(provider: MemoryProvider): {
  reviewHost: ReviewHost;
  setup: ReviewSetup;
} {
  const states = new WeakMap<MemoryRepo, ReviewState>();
  let nextReviewId = 9000;
  let nextRunId = 7000;
  const stateOf = (repo: MemoryRepo): ReviewState => {
    let state = states.get(repo);
    if (!state) {
      state = {
        classic: new Map(),
        rulesets: [],
        merge: { merge: true, squash: true, rebase: true },
        reviews: new Map(),
        requested: new Map(),
        checks: new Map(),
      };
      states.set(repo, state);
    }
    return state;
  };
  const known = (id: RepoId) => {
    const repo = provider.repo(id);
    if (!repo) throw new Error(`Unknown repository ${id.owner}/${id.name}`);
    return repo;
  };
  const visible = (token: string, id: RepoId, what: string) => {
    const repo = provider.visible(token, id);
    if (!repo) throw new NotFoundError(`Not found on GitHub while ${what}`);
    return repo;
  };
  const pullOf = (repo: MemoryRepo, number: number, what: string) => {
    provider.syncPulls(repo);
    const pull = repo.pulls.find((candidate) => candidate.number === number);
    if (!pull) throw new NotFoundError(`Not found on GitHub while ${what}`);
    return pull;
  };

  const reviewHost: ReviewHost = {
    async branchRules(token, id, branch) {
      const repo = visible(token, id, `reading the rules of ${branch}`);
      const state = stateOf(repo);
      const admin = provider.role(token, repo) === 'admin';
      const classic = state.classic.get(branch);
      const out: BranchRules = {
        protected: classic !== undefined,
        requiresPullRequest: false,
        requiredApprovingReviews: 0,
        requiredChecks: [],
        strictChecks: false,
        allowedMergeMethods: [...METHODS],
        linearHistory: false,
        classicSource: admin ? 'protection' : 'branch-summary',
      };
      const checks = new Set<string>();
      if (classic) {
        classic.checks.forEach((check) => checks.add(check));
        // What a non-admin sees of classic protection: protected, and the required checks.
        if (admin) {
          if (classic.approvals !== null)
            Object.assign(out, {
              requiresPullRequest: true,
              requiredApprovingReviews: classic.approvals,
            });
          out.strictChecks = classic.strict;
          out.linearHistory = classic.linear;
        }
      }
      for (const rules of branch === repo.defaultBranch ? state.rulesets : []) {
        out.protected = true;
        if (rules.approvals !== undefined) {
          out.requiresPullRequest = true;
          out.requiredApprovingReviews = Math.max(out.requiredApprovingReviews, rules.approvals);
        }
        if (rules.allowedMergeMethods)
          out.allowedMergeMethods = out.allowedMergeMethods.filter((method) =>
            rules.allowedMergeMethods!.includes(method),
          );
        (rules.checks ?? []).forEach((check) => checks.add(check));
        out.strictChecks ||= rules.strict === true;
        out.linearHistory ||= rules.linear === true;
      }
      if (out.linearHistory)
        out.allowedMergeMethods = out.allowedMergeMethods.filter((method) => method !== 'merge');
      out.requiredChecks = [...checks];
      return out;
    },
    async mergeMethods(token, id) {
      const repo = visible(token, id, "reading the repository's merge settings");
      // GitHub shows the settings only to those who may push; unseen settings count as allowed.
      const push = ['admin', 'maintain', 'write'].includes(provider.role(token, repo) ?? '');
      return METHODS.filter((method) => !push || stateOf(repo).merge[method]);
    },
    async listReviews(token, id, number) {
      const repo = visible(token, id, `reading the reviews of pull request #${number}`);
      pullOf(repo, number, `reading the reviews of pull request #${number}`);
      return [...(stateOf(repo).reviews.get(number) ?? [])];
    },
    async createReview(token, id, number, input) {
      const what = `reviewing pull request #${number}`;
      const repo = visible(token, id, what);
      const pull = pullOf(repo, number, what);
      const login = provider.caller(token).login;
      const refuse = (reason: string) =>
        new InvalidInputError(`GitHub refused the review: ${reason}`);
      if (pull.author === login && input.event === 'APPROVE')
        throw refuse('Can not approve your own pull request');
      if (pull.author === login && input.event === 'REQUEST_CHANGES')
        throw refuse('Can not request changes on your own pull request');
      if (input.event !== 'APPROVE' && input.body.trim() === '')
        throw refuse(`Review Body is required when using the ${input.event} event`);
      const state = (
        { APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED', COMMENT: 'COMMENTED' } as const
      )[input.event];
      const review: ReviewInfo = {
        id: (nextReviewId += 1),
        author: login,
        state,
        body: input.body,
        submittedAt: provider.isoNow(),
        commitId: pull.headSha,
        htmlUrl: `https://github.example/${repo.owner}/${repo.name}/pull/${number}#pullrequestreview-${nextReviewId}`,
      };
      const reviews = stateOf(repo).reviews;
      reviews.set(number, [...(reviews.get(number) ?? []), review]);
      stateOf(repo).requested.set(
        number,
        (stateOf(repo).requested.get(number) ?? []).filter((name) => name !== login),
      );
      return review;
    },
    async requestReviewers(token, id, number, reviewers) {
      const what = `requesting reviewers for pull request #${number}`;
      const repo = provider.writable(token, id, what);
      const pull = pullOf(repo, number, what);
      const refuse = (reason: string) =>
        new InvalidInputError(`GitHub refused the review request: ${reason}`);
      if (reviewers.some((login) => login !== repo.owner && !repo.collaborators[login])) {
        throw refuse(
          `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${repo.owner}/${repo.name} repository.`,
        );
      }
      if (reviewers.includes(pull.author))
        throw refuse('Review cannot be requested from pull request author.');
      const current = stateOf(repo).requested.get(number) ?? [];
      const next = [
        ...current,
        ...reviewers.filter(
          (login, index) => !current.includes(login) && reviewers.indexOf(login) === index,
        ),
      ];
      stateOf(repo).requested.set(number, next);
      return next;
    },
    async checkState(token, id, ref) {
      const what = `reading the checks of ${ref}`;
      const repo = visible(token, id, what);
      const sha = provider.resolve(repo, ref);
      if (!sha) throw new NotFoundError(`Not found on GitHub while ${what}`);
      const newestFirst = [...(stateOf(repo).checks.get(sha) ?? [])].reverse();
      const latest = (kind: CheckInfo['kind']) =>
        newestFirst.filter(
          (check, index) =>
            check.kind === kind &&
            newestFirst.findIndex((other) => other.kind === kind && other.name === check.name) ===
              index,
        );
      return [...latest('check-run'), ...latest('status')].map(({ name, state, url, kind }) => ({
        name,
        state,
        url,
        kind,
      }));
    },
    async checkRuns(token, id, ref) {
      const what = `reading the check runs of ${ref}`;
      const repo = visible(token, id, what);
      const sha = provider.resolve(repo, ref);
      if (!sha) throw new NotFoundError(`Not found on GitHub while ${what}`);
      const newestFirst = [...(stateOf(repo).checks.get(sha) ?? [])].reverse();
      return newestFirst
        .filter(
          (check, index) =>
            check.kind === 'check-run' &&
            newestFirst.findIndex(
              (other) => other.kind === 'check-run' && other.name === check.name,
            ) === index,
        )
        .map((check): CheckRunInfo => {
          const annotations = check.report?.annotations ?? [];
          return {
            id: check.id,
            name: check.name,
            status: check.state === 'pending' ? 'in_progress' : 'completed',
            conclusion: check.state === 'pending' ? null : check.state,
            title: check.report?.title ?? null,
            summary: check.report?.summary ?? null,
            url: check.url,
            annotationsCount: annotations.length,
            annotations: annotations.slice(0, checkRunAnnotationsRead),
          };
        });
    },
  };

  const setup: ReviewSetup = {
    async protect(id, branch, rule) {
      stateOf(known(id)).classic.set(branch, rule);
    },
    async addRuleset(id, rules) {
      stateOf(known(id)).rulesets.push(rules);
    },
    async setMergeSettings(id, allowed) {
      Object.assign(stateOf(known(id)).merge, allowed);
    },
    async addCheck(id, sha, check) {
      const checks = stateOf(known(id)).checks;
      checks.set(sha, [...(checks.get(sha) ?? []), { ...check, id: (nextRunId += 1) }]);
    },
  };
  return { reviewHost, setup };
}
