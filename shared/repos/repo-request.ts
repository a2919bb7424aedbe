import type { Actor } from '../auth/actor';

/** An operation on the connected repository `fullName` (`owner/name`), read with `userId`'s own token. */
export interface RepoRequest<Input> {
  userId: string;
  fullName: string;
  input: Input;
}

/** A change `login` makes to the repository: its commit or record names them. */
export type RepoWrite<Input> = Actor & RepoRequest<Input>;
