import type { RepoId } from '../../shared/ports/git-host';
import type { CheckReport, ReviewSetup } from '../fakes/memory-review-host';

/** A check run's report as GitHub's `output` takes it. */
const outputOf = (report: CheckReport) => ({
  title: report.title ?? 'Report',
  summary: report.summary ?? '',
  annotations: (report.annotations ?? []).map((annotation) => ({
    path: annotation.path,
    start_line: annotation.startLine,
    end_line: annotation.endLine,
    annotation_level: annotation.level,
    message: annotation.message,
    ...(annotation.title === null ? {} : { title: annotation.title }),
  })),
});

/**
 * The ReviewHost contract's setup on a GitHub (the local host or a real one): what an admin and a
 * CI do, through GitHub's REST API with the owner's token.
 */
export function restReviewSetup(access: { apiUrl: string; token: string }): ReviewSetup {
  let rulesets = 0;
  const call = async (method: string, repo: RepoId, path: string, body: unknown) => {
    const res = await fetch(`${access.apiUrl}/repos/${repo.owner}/${repo.name}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access.token}`,
        accept: 'application/vnd.github+json',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    if (res.status >= 300)
      throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  };
  return {
    protect: (repo, branch, rule) =>
      call('PUT', repo, `/branches/${encodeURIComponent(branch)}/protection`, {
        required_status_checks:
          rule.checks.length > 0 || rule.strict
            ? { strict: rule.strict, contexts: rule.checks }
            : null,
        enforce_admins: true,
        required_pull_request_reviews:
          rule.approvals === null ? null : { required_approving_review_count: rule.approvals },
        restrictions: null,
        required_linear_history: rule.linear,
      }),
    addRuleset: (repo, rules) =>
      call('POST', repo, '/rulesets', {
        name: `ruleset ${(rulesets += 1)}`,
        enforcement: 'active',
        conditions: { ref_name: { include: ['~DEFAULT_BRANCH'], exclude: [] } },
        rules: [
          ...(rules.approvals !== undefined || rules.allowedMergeMethods
            ? [
                {
                  type: 'pull_request',
                  parameters: {
                    required_approving_review_count: rules.approvals ?? 0,
                    ...(rules.allowedMergeMethods
                      ? { allowed_merge_methods: rules.allowedMergeMethods }
                      : {}),
                  },
                },
              ]
            : []),
          ...(rules.checks || rules.strict
            ? [
                {
                  type: 'required_status_checks',
                  parameters: {
                    strict_required_status_checks_policy: rules.strict === true,
                    required_status_checks: (rules.checks ?? []).map((context) => ({ context })),
                  },
                },
              ]
            : []),
          ...(rules.linear ? [{ type: 'required_linear_history' }] : []),
        ],
      }),
    setMergeSettings: (repo, allowed) =>
      call('PATCH', repo, '', {
        ...(allowed.merge === undefined ? {} : { allow_merge_commit: allowed.merge }),
        ...(allowed.squash === undefined ? {} : { allow_squash_merge: allowed.squash }),
        ...(allowed.rebase === undefined ? {} : { allow_rebase_merge: allowed.rebase }),
      }),
    addCheck: (repo, sha, check) =>
      check.kind === 'check-run'
        ? call('POST', repo, '/check-runs', {
            name: check.name,
            head_sha: sha,
            details_url: check.url,
            ...(check.report ? { output: outputOf(check.report) } : {}),
            ...(check.state === 'pending'
              ? { status: 'in_progress' }
              : { conclusion: check.state }),
          })
        : call('POST', repo, `/statuses/${sha}`, {
            state: check.state,
            context: check.name,
            target_url: check.url,
          }),
  };
}
