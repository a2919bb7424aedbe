/** API Gateway v2 hands cookies over as `name=value` strings; the first of a name wins. */
export function parseCookies(cookies: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of cookies ?? []) {
    for (const part of header.split(';')) {
      const at = part.indexOf('=');
      if (at <= 0) continue;
      const name = part.slice(0, at).trim();
      if (!(name in out)) out[name] = part.slice(at + 1).trim();
    }
  }
  return out;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
  path?: string;
}

/** HttpOnly and SameSite=Lax always; Secure everywhere but a plain-http local origin. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.maxAgeSeconds > 0)
    parts.push(`Expires=${new Date(Date.now() + options.maxAgeSeconds * 1000).toUTCString()}`);
  else parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export const clearCookie = (name: string, options: Omit<CookieOptions, 'maxAgeSeconds'>): string =>
  serializeCookie(name, '', { ...options, maxAgeSeconds: 0 });
