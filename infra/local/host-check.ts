import { isLoopbackName } from '@cms/github-local';

/**
 * The warning `npm start` prints when HOST is not a loopback address: both local servers then
 * answer the network (the Host check itself is the local host package's `isAllowedHost`, shared by
 * the gateway).
 */
export function exposedHostWarning(host: string): string | undefined {
  if (isLoopbackName(host)) return undefined;
  return (
    `Warning: HOST=${host} is not a loopback address: the editor's service and the local GitHub-compatible host ` +
    `(demo users, no passwords) are reachable from the network. They answer only requests addressed to a loopback ` +
    `name or to CMS_PUBLIC_URL's host; keep HOST=127.0.0.1 unless you mean to share them.`
  );
}
