import { createGitHubCheckHost } from '../shared/adapters/github/github-check-host';
import { createGitHubGitHost } from '../shared/adapters/github/github-git-host';
import { createGitHubOAuth } from '../shared/adapters/github/github-oauth';
import type { Ports } from './ports';

export interface GitHubPortsOptions {
  /** Web origin: https://github.com, a GitHub Enterprise Server host, or the local host. */
  webUrl: string;
  /** REST base: https://api.github.com, or `<host>/api/v3` on GitHub Enterprise Server and locally. */
  apiUrl: string;
  app: { appId: number | string; clientId: string; clientSecret: string; privateKeyPem: string };
  now: Ports['now'];
}

/** The GitHub App's OAuth flows, the REST/GraphQL host and its check runs, built alike on AWS and locally. */
export function createGitHubPorts({
  webUrl,
  apiUrl,
  app,
  now,
}: GitHubPortsOptions): Pick<Ports, 'oauth' | 'gitHost' | 'checkHost'> {
  return {
    oauth: createGitHubOAuth({
      webUrl,
      apiUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      now,
    }),
    gitHost: createGitHubGitHost({
      apiUrl,
      app: { appId: app.appId, privateKeyPem: app.privateKeyPem },
      now,
    }),
    checkHost: createGitHubCheckHost({
      apiUrl,
      app: { appId: app.appId, privateKeyPem: app.privateKeyPem },
      now,
    }),
  };
}
