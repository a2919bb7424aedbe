import type { BaseDeps } from '../../shared/auth/base-deps';
import type { ProviderAccess } from '../../shared/auth/provider-access';
import type { GitHost } from '../../shared/githost/git-host';

export interface ReposDeps extends BaseDeps {
  providerAccess: ProviderAccess;
  gitHost: Pick<GitHost, 'listInstallationRepos'>;
}
