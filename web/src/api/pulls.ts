import type { SuccessBody } from '../../../shared/client/api-client';
import { call } from './client';

export type CreatedPull = SuccessBody<'createPull'>;

export const listPulls = (repo: string) => call('listPulls', { params: { repo } });
/** `draft` opens a GitHub draft pull request ("In progress" on the board). */
export const createPull = (repo: string, branch: string, title: string, draft = false) =>
  call('createPull', { params: { repo }, body: { branch, title, ...(draft ? { draft } : {}) } });
/** In progress → In review (GitHub: ready for review). */
export const markPullReady = (repo: string, number: number) =>
  call('markPullReady', { params: { repo, number } });
/** In review → In progress (GitHub: back to a draft pull request). */
export const markPullInProgress = (repo: string, number: number) =>
  call('markPullInProgress', { params: { repo, number } });
export const getPull = (repo: string, number: number) =>
  call('getPull', { params: { repo, number } });
export const getPullDiff = (repo: string, number: number) =>
  call('getPullDiff', { params: { repo, number } });
export const closePull = (repo: string, number: number) =>
  call('closePull', { params: { repo, number } });
/**
 * 409 answers `{merged: false, reason, publishBlockers?}`: read it from the ApiError's body. With
 * `sha` (the head the reviewer saw) only that head is merged: a moved head is a 409 `head-moved`.
 */
export const mergePull = (repo: string, number: number, sha?: string) =>
  call('mergePull', { params: { repo, number }, ...(sha !== undefined && { query: { sha } }) });
/** 409 answers `{ok: false, reason?, fields?}`: read it from the ApiError's body. */
export const updatePull = (repo: string, number: number) =>
  call('updatePull', { params: { repo, number } });
export const rebasePull = (repo: string, number: number) =>
  call('rebasePull', { params: { repo, number } });
export const listComments = (repo: string, number: number) =>
  call('listComments', { params: { repo, number } });
export const createComment = (repo: string, number: number, body: string) =>
  call('createComment', { params: { repo, number }, body: { body } });
/** A GitHub review from the signed-in person (APPROVE, REQUEST_CHANGES, COMMENT); 400 carries GitHub's reason, e.g. approving one's own draft. */
export const createReview = (
  repo: string,
  number: number,
  event: 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT',
  body: string,
) => call('createReview', { params: { repo, number }, body: { event, ...(body ? { body } : {}) } });
/** Asks these GitHub logins to review; answers who is requested now. */
export const requestReviewers = (repo: string, number: number, reviewers: string[]) =>
  call('requestReviewers', { params: { repo, number }, body: { reviewers } });
/** The check runs on the draft's head with their reports and annotations (placed on fields). */
export const getPullChecks = (repo: string, number: number) =>
  call('getPullChecks', { params: { repo, number } });
