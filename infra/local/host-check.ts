/**
 * The `Host` check of local mode's servers, against DNS rebinding: a web page whose own name
 * resolves to 127.0.0.1 reaches a loopback server, but its requests still carry its own name in
 * `Host`. Only loopback names (localhost, *.localhost, 127.x.x.x, [::1]) on the server's port,
 * the address the server listens on, and the public URL's host name are answered.
 */

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

export interface HostRule {
  /** The port the server listens on (loopback names and the listen address must use it). */
  port: number;
  /** The address the server listens on, when it is a specific one (not 0.0.0.0 or ::). */
  listenHost?: string;
  /** The public URL browsers use (a proxy, another name): its host name is accepted on any port. */
  publicUrl?: string;
}

export function isAllowedHost(header: string | undefined, rule: HostRule): boolean {
  const match = HOST_HEADER.exec(header ?? '');
  if (!match?.[1]) return false;
  const hostname = match[1].toLowerCase();
  const port = match[2] ?? '80';
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (port === String(rule.port)) {
    if (isLoopbackName(hostname)) return true;
    const listen = rule.listenHost?.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    if (listen && listen !== '0.0.0.0' && listen !== '::' && listen === bare) return true;
  }
  if (rule.publicUrl) {
    const publicName = new URL(rule.publicUrl).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    if (publicName === bare) return true;
  }
  return false;
}

/** The warning `npm start` prints when HOST is not a loopback address (undefined when it is). */
export function exposedHostWarning(host: string): string | undefined {
  if (isLoopbackName(host)) return undefined;
  return (
    `Warning: HOST=${host} is not a loopback address: the editor's service and the local GitHub-compatible host ` +
    `(demo users, no passwords) are reachable from the network. They answer only requests addressed to a loopback ` +
    `name or to CMS_PUBLIC_URL's host; keep HOST=127.0.0.1 unless you mean to share them.`
  );
}
