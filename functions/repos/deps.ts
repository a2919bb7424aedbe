import type { BaseDeps } from '../../shared/http/base-deps';
import type { RepoReader } from '../../shared/content/repo-reader';
import type { RepoAdmin } from '../../shared/repos/repo-admin';
import type { RepoReach } from '../../shared/repos/repo-reach';

export interface ReposDeps extends BaseDeps {
  reach: Pick<RepoReach, 'hostRepos'>;
  repoAdmin: RepoAdmin;
  reader: RepoReader;
}
