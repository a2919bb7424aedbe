import { makeContentHandler } from '../../functions/content/app';
import { makeDeviceHandler } from '../../functions/device/app';
import { makeHealthHandler } from '../../functions/health/app';
import { makePullsHandler } from '../../functions/pulls/app';
import { makeReposHandler } from '../../functions/repos/app';
import { makeSessionHandler } from '../../functions/session/app';
import { makeTokensHandler } from '../../functions/tokens/app';
import { createApiTokens } from '../../shared/auth/api-tokens';
import { createDeviceFlow } from '../../shared/auth/device-flow';
import { createOAuthStates } from '../../shared/auth/oauth-states';
import { createProviderAccess } from '../../shared/auth/provider-access';
import { createSessions } from '../../shared/auth/sessions';
import { createUsers } from '../../shared/auth/users';
import { createContentReads } from '../../shared/content/content-reads';
import { createContentWrites } from '../../shared/content/content-writes';
import { createParsedCache } from '../../shared/store/parsed-cache';
import { createRepoReader } from '../../shared/content/repo-reader';
import type { KeyProvider } from '../../shared/crypto/key-provider';
import { createConnections } from '../../shared/repos/connections';
import { createRepoAdmin } from '../../shared/repos/repo-admin';
import { createRepoReach } from '../../shared/repos/repo-reach';
import { createGitHubGitHost } from '../../shared/githost/github-git-host';
import { createGitHubOAuth } from '../../shared/githost/github-oauth';
import { createGitHubPullHost } from '../../shared/githost/github-pull-host';
import { createPullActions } from '../../shared/pulls/pull-actions';
import { createPullReads } from '../../shared/pulls/pull-reads';
import type { Logger } from '../../shared/logger';
import type { Group } from '../../shared/http/route-def';
import type { LambdaHttpHandler } from '../../shared/http/types';
import type { Store } from '../../shared/store/store';

export interface LocalWiring {
  store: Store;
  keyProvider: KeyProvider;
  tokenHmacKey: Buffer;
  github: { url: string; app: { appId: number; clientId: string; clientSecret: string; privateKeyPem: string } };
  logger: Logger;
  /** Read per request: local mode learns its port after the gateway listens. */
  publicUrl: () => string;
  /** The clock (tests move it forward instead of sleeping). */
  now?: () => number;
}

/** Every group's handler, wired as its AWS handler.ts wires it, with local adapters. */
export function createLocalHandlers(wiring: LocalWiring): Partial<Record<Group, LambdaHttpHandler>> {
  const { store, keyProvider, logger, now = Date.now } = wiring;
  const apiUrl = `${wiring.github.url}/api/v3`;
  const oauth = createGitHubOAuth({ webUrl: wiring.github.url, apiUrl, clientId: wiring.github.app.clientId, clientSecret: wiring.github.app.clientSecret, now });
  const gitHost = createGitHubGitHost({ apiUrl, app: { appId: wiring.github.app.appId, privateKeyPem: wiring.github.app.privateKeyPem }, now });
  const users = createUsers(store, keyProvider, now);
  const apiTokens = createApiTokens(store, wiring.tokenHmacKey, now);
  const base = { sessions: createSessions(store, now), apiTokens, logger };
  /** Adds `publicUrl` as a getter last: spreading would read it once, too early. */
  const withOrigin = <T extends object>(deps: T) =>
    Object.defineProperty(deps, 'publicUrl', { get: wiring.publicUrl, enumerable: true }) as T & { readonly publicUrl: string };
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  const connections = createConnections(store, now);
  const reader = createRepoReader({ gitHost, connections, providerAccess });
  const cache = createParsedCache(store, logger, now);
  const reach = createRepoReach({ store, gitHost, providerAccess, now });
  const pullHost = createGitHubPullHost({ apiUrl });
  const pullDeps = { pullHost, gitHost, connections, providerAccess };
  return {
    health: makeHealthHandler(withOrigin({ logger })),
    session: makeSessionHandler(withOrigin({ ...base, oauthStates: createOAuthStates(store, now), users, oauth, gitHost })),
    tokens: makeTokensHandler(withOrigin({ ...base })),
    device: makeDeviceHandler(withOrigin({ logger, deviceFlow: createDeviceFlow({ store, keyProvider, oauth, gitHost, users, apiTokens, now }) })),
    repos: makeReposHandler(withOrigin({ ...base, reach, reader, repoAdmin: createRepoAdmin({ gitHost, connections, providerAccess, reach }) })),
    content: makeContentHandler(
      withOrigin({
        ...base,
        reads: createContentReads({ reader, gitHost, providerAccess, cache }),
        writes: createContentWrites({ reader, gitHost, pullHost, providerAccess, cache }),
      }),
    ),
    pulls: makePullsHandler(withOrigin({ ...base, pullReads: createPullReads(pullDeps), pullActions: createPullActions(pullDeps) })),
  };
}
