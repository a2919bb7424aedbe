import type { BaseDeps } from '../../shared/auth/base-deps';
import type { ProviderAccess } from '../../shared/auth/provider-access';
import type { RepoReader } from '../../shared/content/repo-reader';
import type { GitHost } from '../../shared/githost/git-host';
import type { RepoAdmin } from '../../shared/repos/repo-admin';

export interface ReposDeps extends BaseDeps {
  providerAccess: ProviderAccess;
  gitHost: Pick<GitHost, 'listInstallationRepos'>;
  repoAdmin: RepoAdmin;
  reader: RepoReader;
}
