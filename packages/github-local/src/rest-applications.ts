import { findUser } from './access';
import { simpleUser } from './rest-shapes';
import { restError, type RestRoute } from './rest-router';
import { findToken, sha256Hex } from './tokens';

/** POST /applications/{client_id}/token: "check a token" — is it live and issued to this app? */
export const applicationRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/applications/{client_id}/token',
    auth: 'client',
    handle(ctx, req) {
      const accessToken = (req.body as { access_token?: unknown } | undefined)?.access_token;
      if (typeof accessToken !== 'string' || accessToken === '')
        return restError(422, 'Invalid request.\n\n"access_token" wasn\'t supplied.');
      const record = findToken(ctx, accessToken);
      const user = record?.kind === 'user-access' ? findUser(ctx, record.login) : undefined;
      if (!record || !user) return restError(404, 'Not Found');
      const app = ctx.state.app;
      return {
        status: 200,
        body: {
          id: Number.parseInt(sha256Hex(accessToken).slice(0, 8), 16),
          url: `${ctx.apiUrl}/authorizations/1`,
          scopes: [],
          token: accessToken,
          token_last_eight: accessToken.slice(-8),
          hashed_token: sha256Hex(accessToken),
          app: { client_id: app.clientId, name: app.slug, url: `${ctx.webUrl}/apps/${app.slug}` },
          note: null,
          note_url: null,
          updated_at: new Date(record.createdAt).toISOString(),
          created_at: new Date(record.createdAt).toISOString(),
          fingerprint: null,
          expires_at: new Date(record.expiresAt).toISOString(),
          user: simpleUser(ctx, user),
        },
      };
    },
  },
];
