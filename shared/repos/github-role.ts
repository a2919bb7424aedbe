import { ForbiddenError } from '../errors';
import type { RepoAccess } from '../ports/git-host';

type Permissions = RepoAccess['permissions'];

/** GitHub's repository roles, lowest first, as its settings page names them. */
export type GitHubRole = 'read' | 'triage' | 'write' | 'maintain' | 'admin';

/** The highest role the permissions GitHub reported amount to. */
export function roleOf(permissions: Permissions): GitHubRole {
  if (permissions.admin) return 'admin';
  if (permissions.maintain) return 'maintain';
  if (permissions.push) return 'write';
  if (permissions.triage) return 'triage';
  return 'read';
}

/** What each role a route may ask for accepts, and how a refusal names it. */
const accepted: Record<
  'write' | 'maintain' | 'admin',
  { holds: (permissions: Permissions) => boolean; words: string }
> = {
  write: { holds: (permissions) => permissions.push, words: 'write (or maintain or admin)' },
  maintain: {
    holds: (permissions) => permissions.maintain || permissions.admin,
    words: 'admin or maintain',
  },
  admin: { holds: (permissions) => permissions.admin, words: 'admin' },
};

export interface RequireRoleOptions {
  /** The user's permissions on the repository, as createRepoPermissions answers them. */
  permissions: Permissions;
  role: keyof typeof accepted;
  repo: string;
  /** What the caller tried, as the start of a sentence: "Managing webhooks". */
  doing: string;
}

/**
 * Refuses (403) a caller whose role on GitHub is below `role`, naming the role needed and the one
 * they have: "Managing webhooks of demo/blog needs admin or maintain permission on GitHub; you have write".
 */
export function requireRole(options: RequireRoleOptions): void {
  const rule = accepted[options.role];
  if (rule.holds(options.permissions)) return;
  throw new ForbiddenError(
    `${options.doing} of ${options.repo} needs ${rule.words} permission on GitHub; you have ${roleOf(options.permissions)}`,
  );
}
