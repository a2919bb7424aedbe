import { permissionsOf, type Access, type RouteDef } from '../http/route-def';

/** The security requirement of each kind of access: the permission rides on the token scheme. */
export function securityOf(access: Access): Record<string, string[]>[] {
  if (access === 'none') return [];
  if (access === 'session') return [{ session: [] }];
  if (access === 'authenticated') return [{ session: [] }, { apiToken: [] }];
  return [{ session: [] }, { apiToken: [...(permissionsOf(access) ?? [])] }];
}

/** Who may call a route, in words, for the operation's description. */
export function accessInWords(route: RouteDef): string {
  const access = route.access;
  if (access === 'none') return 'No authentication: anyone may call this.';
  if (access === 'session') return 'Browser session only (cookie `cms_session`); an API token is refused with 403.';
  if (access === 'authenticated') return 'Any signed-in caller: a browser session or an API token with any permissions.';
  const scope = route.path.includes('{repo}') ? ' whose repository scope includes `{repo}` (else 403)' : '';
  const needed = (permissionsOf(access) ?? []).map((permission) => `\`${permission}\``);
  const words = needed.length > 1 ? `${needed.join(' and ')} permissions` : `${needed[0]} permission`;
  const held = needed.length > 1 ? `both ${needed.join(' and ')}` : needed[0];
  return `Requires the ${words}: a browser session (sessions bypass permission checks), or an API token holding ${held}${scope}.`;
}
