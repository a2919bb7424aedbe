import { permissionsOf, type Access, type GitHubRoleRule, type RouteDef } from '../http/route-def';

/**
 * The security requirement of each kind of access: the permission rides on the token scheme. The
 * API token comes first wherever it is accepted: importers such as Postman's set up the first
 * requirement, and automations, who read this document, call with tokens.
 */
export function securityOf(access: Access): Record<string, string[]>[] {
  if (access === 'none') return [];
  if (access === 'session') return [{ session: [] }];
  if (access === 'authenticated') return [{ apiToken: [] }, { session: [] }];
  return [{ apiToken: [...(permissionsOf(access) ?? [])] }, { session: [] }];
}

/** The role on GitHub a row demands, in words; an API token is held to its creator's role. */
const githubRoleWords: Record<GitHubRoleRule, string> = {
  write:
    'On GitHub, the caller (for an API token: the user who created it) needs write, maintain or admin permission on `{repo}`, else 403 naming the role they have.',
  maintain:
    'On GitHub, the caller (for an API token: the user who created it) needs admin or maintain permission on `{repo}`, else 403 naming the role they have.',
  'setter or admin':
    'On GitHub, the caller (for an API token: the user who created it) needs write permission on `{repo}` and to be the person who set the record, or admin permission; else 403 naming the setter and the role the caller has.',
};

/** Who may call a route, in words, for the operation's description. */
export function accessInWords(route: RouteDef): string {
  const words = tokenAccessInWords(route);
  return route.githubRole ? `${words} ${githubRoleWords[route.githubRole]}` : words;
}

function tokenAccessInWords(route: RouteDef): string {
  const access = route.access;
  if (access === 'none') return 'No authentication: anyone may call this.';
  if (access === 'session')
    return 'Browser session only (cookie `cms_session`); an API token is refused with 403.';
  if (access === 'authenticated')
    return 'Any signed-in caller: a browser session or an API token with any permissions.';
  const scope = route.path.includes('{repo}')
    ? ' whose repository scope includes `{repo}` (else 403)'
    : '';
  const needed = (permissionsOf(access) ?? []).map((permission) => `\`${permission}\``);
  const words =
    needed.length > 1 ? `${needed.join(' and ')} permissions` : `${needed[0]} permission`;
  const held = needed.length > 1 ? `both ${needed.join(' and ')}` : needed[0];
  return `Requires the ${words}: a browser session (sessions bypass permission checks), or an API token holding ${held}${scope}.`;
}
