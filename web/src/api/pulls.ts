import type { ContentDiff, PrComment, PullRequestDetail, PullRequestSummary } from '../../../shared/pulls/schemas';
import { repoBase, request } from './client';

const pulls = (repo: string) => `${repoBase(repo)}/pulls`;
const pull = (repo: string, number: number) => `${pulls(repo)}/${number}`;

export interface CreatedPull {
  number: number;
  htmlUrl: string;
  previewUrl?: string | null;
}

export const listPulls = (repo: string) => request<PullRequestSummary[]>('GET', pulls(repo));
export const createPull = (repo: string, branch: string, title: string) =>
  request<CreatedPull>('POST', pulls(repo), { body: { branch, title } });
export const getPull = (repo: string, number: number) => request<PullRequestDetail>('GET', pull(repo, number));
export const getPullDiff = (repo: string, number: number) => request<ContentDiff[]>('GET', `${pull(repo, number)}/diff`);
export const closePull = (repo: string, number: number) => request<{ ok: boolean }>('DELETE', pull(repo, number));
/** 409 answers `{merged: false, reason}`: read it from the ApiError's body. */
export const mergePull = (repo: string, number: number) => request<{ sha: string; merged: true }>('PUT', `${pull(repo, number)}/merge`);
/** 409 answers `{ok: false, reason?, fields?}`: read it from the ApiError's body. */
export const updatePull = (repo: string, number: number) => request<{ ok: boolean }>('PUT', `${pull(repo, number)}/update`);
export const rebasePull = (repo: string, number: number) => request<{ ok: boolean }>('POST', `${pull(repo, number)}/rebase`);
export const listComments = (repo: string, number: number) => request<PrComment[]>('GET', `${pull(repo, number)}/comments`);
export const createComment = (repo: string, number: number, body: string) =>
  request<PrComment>('POST', `${pull(repo, number)}/comments`, { body: { body } });
