import type { GitHubClient } from './github-client';
import { statusOfError, translateProviderError } from './github-errors';
import { classifyRefusal } from './github-refusals';
import type { RepoId } from '../../ports/git-host';
import type { BranchRules, MergeMethod } from '../../ports/review-host';

const at = (repo: RepoId) => ({ owner: repo.owner, repo: repo.name });
const METHODS: MergeMethod[] = ['merge', 'squash', 'rebase'];

interface RawProtection {
  required_status_checks?: {
    strict?: boolean;
    contexts?: string[];
    checks?: { context: string }[];
  } | null;
  required_pull_request_reviews?: { required_approving_review_count?: number } | null;
  required_linear_history?: { enabled?: boolean };
}

interface RawRule {
  type: string;
  parameters?: {
    required_approving_review_count?: number;
    allowed_merge_methods?: string[];
    strict_required_status_checks_policy?: boolean;
    required_status_checks?: { context: string }[];
  };
}

/**
 * Classic protection, or null when the branch has none (404); 'forbidden' when the user may not
 * read it. GitHub sends its rate limits as 403 too: those are the rate limit, never a reader
 * without admin rights (rules guessed from the branch summary would be weaker than the real ones).
 */
async function readProtection(
  client: GitHubClient,
  repo: RepoId,
  branch: string,
): Promise<RawProtection | null | 'forbidden'> {
  try {
    const { data } = await client.request(
      'GET /repos/{owner}/{repo}/branches/{branch}/protection',
      { ...at(repo), branch },
    );
    return data as RawProtection;
  } catch (error) {
    const status = statusOfError(error);
    if (status === 404) return null;
    if (status === 403 && classifyRefusal(error) !== 'rate-limited') return 'forbidden';
    translateProviderError(error, `reading the protection of ${branch}`);
  }
}

/** The branch's summary, which any reader may see: protected or not, and the required status checks. */
async function readSummary(
  client: GitHubClient,
  repo: RepoId,
  branch: string,
): Promise<RawProtection & { protected: boolean }> {
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/branches/{branch}', {
      ...at(repo),
      branch,
    });
    const checks = data.protection.required_status_checks;
    return {
      protected: data.protected,
      required_status_checks: checks ? { contexts: checks.contexts, strict: false } : null,
    };
  } catch (error) {
    translateProviderError(error, `reading the branch ${branch}`);
  }
}

async function readRules(client: GitHubClient, repo: RepoId, branch: string): Promise<RawRule[]> {
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/rules/branches/{branch}', {
      ...at(repo),
      branch,
      per_page: 100,
    });
    return data as RawRule[];
  } catch (error) {
    translateProviderError(error, `reading the rules of ${branch}`);
  }
}

/**
 * Classic protection and the branch's rulesets in two parallel round trips; when the protection
 * may not be read (403: the user is no admin), a third reads the branch's summary instead.
 */
export async function branchRules(
  client: GitHubClient,
  repo: RepoId,
  branch: string,
): Promise<BranchRules> {
  const [protection, rules] = await Promise.all([
    readProtection(client, repo, branch),
    readRules(client, repo, branch),
  ]);
  const summary = protection === 'forbidden' ? await readSummary(client, repo, branch) : null;
  const classic = summary ?? (protection === 'forbidden' ? null : protection);
  const out: BranchRules = {
    protected: summary ? summary.protected : classic !== null,
    requiresPullRequest: false,
    requiredApprovingReviews: 0,
    requiredChecks: [],
    strictChecks: false,
    allowedMergeMethods: [...METHODS],
    linearHistory: false,
    classicSource: summary ? 'branch-summary' : 'protection',
  };
  const checks = new Set<string>();
  if (classic) {
    const reviews = classic.required_pull_request_reviews;
    if (reviews) {
      out.requiresPullRequest = true;
      out.requiredApprovingReviews = reviews.required_approving_review_count ?? 0;
    }
    const required = classic.required_status_checks;
    for (const context of required?.checks?.map((check) => check.context) ??
      required?.contexts ??
      [])
      checks.add(context);
    out.strictChecks = required?.strict === true;
    out.linearHistory = classic.required_linear_history?.enabled === true;
  }
  for (const rule of rules) {
    out.protected = true;
    const parameters = rule.parameters ?? {};
    if (rule.type === 'pull_request') {
      out.requiresPullRequest = true;
      out.requiredApprovingReviews = Math.max(
        out.requiredApprovingReviews,
        parameters.required_approving_review_count ?? 0,
      );
      const allowed = parameters.allowed_merge_methods;
      if (allowed)
        out.allowedMergeMethods = out.allowedMergeMethods.filter((method) =>
          allowed.includes(method),
        );
    } else if (rule.type === 'required_status_checks') {
      for (const check of parameters.required_status_checks ?? []) checks.add(check.context);
      out.strictChecks ||= parameters.strict_required_status_checks_policy === true;
    } else if (rule.type === 'required_linear_history') out.linearHistory = true;
  }
  if (out.linearHistory)
    out.allowedMergeMethods = out.allowedMergeMethods.filter((method) => method !== 'merge');
  out.requiredChecks = [...checks];
  return out;
}

/** The repository's merge settings (one round trip); a setting GitHub leaves out (the user may not push) counts as allowed. */
export async function mergeMethods(client: GitHubClient, repo: RepoId): Promise<MergeMethod[]> {
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}', at(repo));
    const allowed = {
      merge: data.allow_merge_commit,
      squash: data.allow_squash_merge,
      rebase: data.allow_rebase_merge,
    };
    return METHODS.filter((method) => allowed[method] !== false);
  } catch (error) {
    translateProviderError(error, "reading the repository's merge settings");
  }
}
