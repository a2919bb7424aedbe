import type { CmsConfig } from '../../../shared/content/config-schema';
import type { HostRepo, RepoConnection } from '../../../shared/repos/schemas';
import { repoBase, request } from './client';

export const listRepos = () => request<RepoConnection[]>('GET', '/api/repos');
export const listHostRepos = () => request<HostRepo[]>('GET', '/api/github/repos');
export const connectRepo = (fullName: string) => request<{ ok: boolean }>('POST', '/api/repos', { body: { fullName } });
export const disconnectRepo = (repo: string) => request<{ ok: boolean }>('DELETE', repoBase(repo));
export const getConfig = (repo: string) => request<CmsConfig>('GET', `${repoBase(repo)}/config`);
