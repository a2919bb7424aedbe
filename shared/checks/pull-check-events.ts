import type { PullCheckJob } from '../ports/index-queue';

/** The `pull_request` actions that give a pull request a new head to check. */
const headActions = new Set(['opened', 'synchronize', 'reopened']);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;
const shaOf = (value: unknown): string | undefined => {
  const sha = text(value);
  return sha && /^[0-9a-f]{40}$/.test(sha) ? sha : undefined;
};
const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;

/**
 * The check a GitHub App event asks for, if any: `pull_request` opened, synchronize or reopened
 * (the pull request's head), and `check_suite` rerequested (a person's "Re-run checks", for the
 * first pull request of the suite). `check_suite` requested is not one: GitHub sends it for the
 * same push as `pull_request` synchronize, which is checked already, and for pushes to branches
 * without a pull request, which have nothing to check.
 */
export function pullCheckJobOf(
  event: string,
  payload: Record<string, unknown>,
): PullCheckJob | undefined {
  const repo = text(field(payload.repository, 'full_name'));
  if (!repo) return undefined;
  if (event === 'pull_request') {
    const action = text(payload.action);
    const pull = payload.pull_request;
    const number = numberOf(field(pull, 'number'));
    const headSha = shaOf(field(field(pull, 'head'), 'sha'));
    if (!action || !headActions.has(action) || !number || !headSha) return undefined;
    return { kind: 'pull-check', repo, pull: number, headSha };
  }
  if (event === 'check_suite' && payload.action === 'rerequested') {
    const suite = payload.check_suite;
    const headSha = shaOf(field(suite, 'head_sha'));
    const pulls = field(suite, 'pull_requests');
    const number = Array.isArray(pulls) ? numberOf(field(pulls[0], 'number')) : undefined;
    if (!headSha || !number) return undefined;
    return { kind: 'pull-check', repo, pull: number, headSha };
  }
  return undefined;
}
