import { createGitHubClient, type GitHubClientOptions } from './github-client';
import { readBlobs } from './github-blob-reads';
import { getPull, listOpenPulls } from './github-pulls-read';
import { commitTree } from './github-commit-tree';
import {
  closePull,
  compare,
  createBranch,
  createComment,
  createPull,
  deleteBranch,
  listComments,
  mergeBranch,
  setDraft,
  squashMerge,
} from './github-pulls-write';
import type { PullHost } from '../../ports/pull-host';

export function createGitHubPullHost(options: GitHubClientOptions): PullHost {
  const client = (token: string) => createGitHubClient(token, options);
  return {
    listOpenPulls: (token, repo, blobs, options) =>
      listOpenPulls(client(token), repo, blobs, options),
    getPull: (token, repo, number, blobs) => getPull(client(token), repo, number, blobs),
    createPull: (token, repo, input) => createPull(client(token), repo, input),
    closePull: (token, repo, number) => closePull(client(token), repo, number),
    setDraft: (token, _repo, pull, draft) => setDraft(client(token), pull, draft),
    squashMerge: (token, repo, number, input) => squashMerge(client(token), repo, number, input),
    mergeBranch: (token, repo, input) => mergeBranch(client(token), repo, input),
    compare: (token, repo, base, head) => compare(client(token), repo, base, head),
    createBranch: (token, repo, branch, sha) => createBranch(client(token), repo, branch, sha),
    deleteBranch: (token, repo, input) => deleteBranch(client(token), repo, input),
    commitTree: (token, repo, input) => commitTree(client(token), repo, input),
    listComments: (token, repo, number) => listComments(client(token), repo, number),
    createComment: (token, repo, number, body) => createComment(client(token), repo, number, body),

    readTexts: (token, repo, paths, options) =>
      readBlobs(client(token), repo, paths, options?.modes ?? false),
  };
}
