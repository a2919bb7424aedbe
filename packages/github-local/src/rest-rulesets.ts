import type { HostContext } from './context';
import { bodyObject, collaboration, isResult, nextId, repoAccess } from './pulls-state';
import { isoSeconds } from './repos';
import { adminAccess } from './rest-protection';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import { activeRulesets, rulesetShape } from './rulesets';
import type { RulesetRecord, RulesetRule } from './state';

/** Repository rulesets (branch target only) and the rules that apply to a branch. */

const DOCS = 'https://docs.github.com/rest/repos/rules';
const ENFORCEMENTS = ['disabled', 'active', 'evaluate'] as const;
/** Rule types of branch rulesets; the ones branch rules act on are in branch-protection.ts. */
const RULE_TYPES = new Set([
  'creation',
  'update',
  'deletion',
  'required_linear_history',
  'required_deployments',
  'required_signatures',
  'pull_request',
  'required_status_checks',
  'non_fast_forward',
  'commit_message_pattern',
  'commit_author_email_pattern',
  'committer_email_pattern',
  'branch_name_pattern',
  'merge_queue',
  'code_scanning',
]);
const MERGE_METHODS = ['merge', 'squash', 'rebase'];

const invalid = (message: string, docs: string) =>
  restError(422, `Invalid request.\n\n${message}`, docs);

function parseRules(value: unknown, docs: string): RulesetRule[] | RestResult {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return invalid('"rules" must be an array.', docs);
  const rules: RulesetRule[] = [];
  for (const entry of value as unknown[]) {
    const rule = bodyObject(entry);
    if (typeof rule.type !== 'string' || !RULE_TYPES.has(rule.type))
      return invalid(`Unknown rule type ${JSON.stringify(rule.type)}.`, docs);
    const parameters = rule.parameters === undefined ? undefined : bodyObject(rule.parameters);
    if (rule.type === 'pull_request') {
      const count = parameters?.required_approving_review_count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 10) {
        return invalid(
          'pull_request.required_approving_review_count must be an integer from 0 to 10.',
          docs,
        );
      }
      const methods = parameters?.allowed_merge_methods;
      if (
        methods !== undefined &&
        (!Array.isArray(methods) ||
          methods.length === 0 ||
          methods.some((method) => !MERGE_METHODS.includes(method as string)))
      ) {
        return invalid(
          'pull_request.allowed_merge_methods must list merge, squash or rebase.',
          docs,
        );
      }
      rules.push({
        type: rule.type,
        parameters: {
          dismiss_stale_reviews_on_push: parameters?.dismiss_stale_reviews_on_push === true,
          require_code_owner_review: parameters?.require_code_owner_review === true,
          require_last_push_approval: parameters?.require_last_push_approval === true,
          required_approving_review_count: count,
          required_review_thread_resolution: parameters?.required_review_thread_resolution === true,
          ...(methods === undefined ? {} : { allowed_merge_methods: methods }),
        },
      });
    } else if (rule.type === 'required_status_checks') {
      const checks = parameters?.required_status_checks;
      if (
        !Array.isArray(checks) ||
        checks.some((check) => typeof bodyObject(check).context !== 'string')
      ) {
        return invalid(
          'required_status_checks.required_status_checks must list objects with a context.',
          docs,
        );
      }
      rules.push({
        type: rule.type,
        parameters: {
          strict_required_status_checks_policy:
            parameters?.strict_required_status_checks_policy === true,
          required_status_checks: checks.map((check) => ({ context: bodyObject(check).context })),
        },
      });
    } else rules.push(parameters ? { type: rule.type, parameters } : { type: rule.type });
  }
  return rules;
}

function refPatterns(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value.every((pattern) => typeof pattern === 'string') ? (value as string[]) : null;
}

async function createRuleset(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#create-a-repository-ruleset`;
  const access = adminAccess(ctx, req, true, docs);
  if (isResult(access)) return access;
  const body = bodyObject(req.body);
  if (typeof body.name !== 'string' || body.name === '')
    return invalid('"name" wasn\'t supplied.', docs);
  if (!ENFORCEMENTS.includes(body.enforcement as RulesetRecord['enforcement']))
    return invalid('"enforcement" must be disabled, active or evaluate.', docs);
  if (body.target !== undefined && body.target !== 'branch')
    return invalid('Only "branch" rulesets are supported by this host.', docs);
  const refName = bodyObject(bodyObject(body.conditions).ref_name);
  const include = refPatterns(refName.include ?? []);
  const exclude = refPatterns(refName.exclude ?? []);
  if (!include || !exclude)
    return invalid('conditions.ref_name.include and exclude must be arrays of strings.', docs);
  const rules = parseRules(body.rules, docs);
  if (!Array.isArray(rules)) return rules;
  if (
    collaboration(ctx).rulesets.some(
      (ruleset) => ruleset.repoId === access.repo.id && ruleset.name === body.name,
    )
  ) {
    return invalid('Name must be unique', docs);
  }
  const now = isoSeconds(ctx.now());
  const record: RulesetRecord = {
    id: nextId(ctx, 'ruleset'),
    repoId: access.repo.id,
    name: body.name,
    enforcement: body.enforcement as RulesetRecord['enforcement'],
    include,
    exclude,
    rules,
    createdAt: now,
    updatedAt: now,
  };
  collaboration(ctx).rulesets.push(record);
  ctx.save();
  return { status: 201, body: rulesetShape(ctx, access.repo, record, true) };
}

function readable(ctx: HostContext, req: RestRequest, docs: string) {
  return repoAccess(ctx, req, { permission: 'contents', write: false }, docs);
}

function listRulesets(ctx: HostContext, req: RestRequest): RestResult {
  const access = readable(ctx, req, `${DOCS}#get-all-repository-rulesets`);
  if (isResult(access)) return access;
  const mine = collaboration(ctx).rulesets.filter((ruleset) => ruleset.repoId === access.repo.id);
  return {
    status: 200,
    body: mine.map((ruleset) => rulesetShape(ctx, access.repo, ruleset, false)),
  };
}

function findRuleset(
  ctx: HostContext,
  repoId: number,
  req: RestRequest,
): RulesetRecord | undefined {
  const id = Number(req.params.ruleset_id);
  return collaboration(ctx).rulesets.find(
    (ruleset) => ruleset.repoId === repoId && ruleset.id === id,
  );
}

function getRuleset(ctx: HostContext, req: RestRequest): RestResult {
  const docs = `${DOCS}#get-a-repository-ruleset`;
  const access = readable(ctx, req, docs);
  if (isResult(access)) return access;
  const ruleset = findRuleset(ctx, access.repo.id, req);
  return ruleset
    ? { status: 200, body: rulesetShape(ctx, access.repo, ruleset, true) }
    : restError(404, 'Not Found', docs);
}

function deleteRuleset(ctx: HostContext, req: RestRequest): RestResult {
  const docs = `${DOCS}#delete-a-repository-ruleset`;
  const access = adminAccess(ctx, req, true, docs);
  if (isResult(access)) return access;
  const ruleset = findRuleset(ctx, access.repo.id, req);
  if (!ruleset) return restError(404, 'Not Found', docs);
  const all = collaboration(ctx).rulesets;
  all.splice(all.indexOf(ruleset), 1);
  ctx.save();
  return { status: 204 };
}

/** Every rule of the active rulesets targeting the branch, each naming its ruleset (any reader may ask). */
function branchRules(ctx: HostContext, req: RestRequest): RestResult {
  const access = readable(ctx, req, `${DOCS}#get-rules-for-a-branch`);
  if (isResult(access)) return access;
  const { repo } = access;
  const rules = activeRulesets(ctx, repo, req.params.branch ?? '').flatMap((ruleset) =>
    ruleset.rules.map((rule) => ({
      ...rule,
      ruleset_source_type: 'Repository',
      ruleset_source: `${repo.owner}/${repo.name}`,
      ruleset_id: ruleset.id,
    })),
  );
  return { status: 200, body: rules };
}

export const rulesetRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/rules/branches/{branch+}',
    auth: 'token',
    handle: branchRules,
  },
  { method: 'GET', path: '/repos/{owner}/{repo}/rulesets', auth: 'token', handle: listRulesets },
  { method: 'POST', path: '/repos/{owner}/{repo}/rulesets', auth: 'token', handle: createRuleset },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/rulesets/{ruleset_id}',
    auth: 'token',
    handle: getRuleset,
  },
  {
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/rulesets/{ruleset_id}',
    auth: 'token',
    handle: deleteRuleset,
  },
];
