import type { HostContext } from './context';
import { announceActivity } from './host-activity';
import { collaboration, isResult, repoAccess } from './pulls-state';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';

const DOCS = 'https://docs.github.com/rest/checks/suites#rerequest-a-check-suite';

/**
 * Asks the App to run its checks of a commit again: GitHub sends the App a `check_suite` event
 * with `rerequested`. On this host a check run's suite has the run's id (rest-checks.ts), so the
 * suite is known by one of its runs; the event goes out through the App's webhook (webhooks.ts).
 */
async function rerequest(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const access = repoAccess(ctx, req, { permission: 'checks', write: true }, DOCS);
  if (isResult(access)) return access;
  const id = Number(req.params.check_suite_id);
  const run = collaboration(ctx).checkRuns.find(
    (record) => record.repoId === access.repo.id && record.id === id,
  );
  if (!run) return restError(404, 'Not Found', DOCS);
  announceActivity(ctx, {
    kind: 'rerequest',
    repo: access.repo,
    suiteId: run.id,
    headSha: run.headSha,
    actor: req.caller,
  });
  return { status: 201, body: {} };
}

export const checkSuiteRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/check-suites/{check_suite_id}/rerequest',
    auth: 'token',
    handle: rerequest,
  },
];
