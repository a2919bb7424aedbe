/**
 * A commit's history (`git log -- path`), its author's GitHub user and the pull requests it
 * belongs to: what the service's item history reads. Extends the types of ./schema.ts; the same
 * subset rule applies (signatures and defaults exactly as in GitHub's published schema).
 */
export const HISTORY_SDL = /* GraphQL */ `
  scalar GitTimestamp

  extend type GitActor {
    date: GitTimestamp
    user: User
  }

  extend type Commit {
    associatedPullRequests(
      after: String
      before: String
      first: Int
      last: Int
    ): PullRequestConnection
    history(
      after: String
      before: String
      first: Int
      last: Int
      path: String
    ): CommitHistoryConnection!
  }

  type CommitHistoryConnection {
    nodes: [Commit]
    pageInfo: PageInfo!
    totalCount: Int!
  }
`;
