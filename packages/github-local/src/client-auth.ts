import type { HostContext } from './context';
import { safeEqual } from './tokens';

/** `Basic base64(client_id:client_secret)` of the app, as GitHub's OAuth application endpoints take it. */
export function clientCredentialsValid(
  ctx: HostContext,
  header: string | undefined,
  clientId: string,
): boolean {
  const match = /^basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  const app = ctx.state.app;
  return (
    at > 0 &&
    clientId === app.clientId &&
    safeEqual(decoded.slice(0, at), app.clientId) &&
    safeEqual(decoded.slice(at + 1), app.clientSecret)
  );
}
