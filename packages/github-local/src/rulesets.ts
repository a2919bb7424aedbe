import type { HostContext } from './context';
import { collaboration } from './pulls-state';
import type { RepoRecord, RulesetRecord } from './state';

/** Repository rulesets (branch target): which apply to a branch, and their JSON shapes. */

/** fnmatch as GitHub applies it to ref names: `*` stays inside one segment, `**` crosses `/`. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] ?? '';
    if (char === '*' && pattern[index + 1] === '*') {
      source += '.*';
      index += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function matches(repo: RepoRecord, pattern: string, branch: string): boolean {
  if (pattern === '~ALL') return true;
  if (pattern === '~DEFAULT_BRANCH') return branch === repo.defaultBranch;
  return globToRegExp(pattern).test(`refs/heads/${branch}`);
}

export function rulesetTargets(repo: RepoRecord, ruleset: RulesetRecord, branch: string): boolean {
  return (
    ruleset.include.some((pattern) => matches(repo, pattern, branch)) &&
    !ruleset.exclude.some((pattern) => matches(repo, pattern, branch))
  );
}

/** Rulesets enforced on `branch` (`evaluate` only reports, `disabled` does nothing). */
export function activeRulesets(
  ctx: HostContext,
  repo: RepoRecord,
  branch: string,
): RulesetRecord[] {
  return collaboration(ctx).rulesets.filter(
    (ruleset) =>
      ruleset.repoId === repo.id &&
      ruleset.enforcement === 'active' &&
      rulesetTargets(repo, ruleset, branch),
  );
}

export function rulesetShape(
  ctx: HostContext,
  repo: RepoRecord,
  ruleset: RulesetRecord,
  full: boolean,
) {
  const full_name = `${repo.owner}/${repo.name}`;
  return {
    id: ruleset.id,
    name: ruleset.name,
    target: 'branch',
    source_type: 'Repository',
    source: full_name,
    enforcement: ruleset.enforcement,
    node_id: Buffer.from(`018:RepositoryRuleset${ruleset.id}`).toString('base64'),
    _links: {
      self: { href: `${ctx.apiUrl}/repos/${full_name}/rulesets/${ruleset.id}` },
      html: { href: `${ctx.webUrl}/${full_name}/rules/${ruleset.id}` },
    },
    created_at: ruleset.createdAt,
    updated_at: ruleset.updatedAt,
    ...(full
      ? {
          bypass_actors: [],
          current_user_can_bypass: 'never',
          conditions: { ref_name: { include: ruleset.include, exclude: ruleset.exclude } },
          rules: ruleset.rules.map((rule) =>
            rule.parameters
              ? { type: rule.type, parameters: rule.parameters }
              : { type: rule.type },
          ),
        }
      : {}),
  };
}
