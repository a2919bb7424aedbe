import { repoPath } from './http';

/** `/api/repos/owner%2Fname/pulls[/number]`. */
export const pullsPath = (repo: string, number?: number) => `${repoPath(repo)}/pulls${number === undefined ? '' : `/${number}`}`;
