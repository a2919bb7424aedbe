/**
 * Pull requests, their authors, and the deployments of commits: the part of the subset the draft
 * workflow reads. Extends the types of ./schema.ts; the same subset rule applies (every type, field,
 * argument and default exactly as in GitHub's published schema).
 */
export const PULLS_SDL = /* GraphQL */ `
  interface Actor {
    avatarUrl(size: Int): URI!
    login: String!
    resourcePath: URI!
    url: URI!
  }

  extend type Repository {
    pullRequest(number: Int!): PullRequest
    pullRequests(
      after: String
      baseRefName: String
      before: String
      first: Int
      headRefName: String
      labels: [String!]
      last: Int
      orderBy: IssueOrder
      states: [PullRequestState!]
    ): PullRequestConnection!
  }

  extend type Commit {
    deployments(
      after: String
      before: String
      environments: [String!]
      first: Int
      last: Int
      orderBy: DeploymentOrder = { field: CREATED_AT, direction: ASC }
    ): DeploymentConnection
  }

  enum OrderDirection {
    ASC
    DESC
  }

  enum IssueOrderField {
    COMMENTS
    CREATED_AT
    UPDATED_AT
  }

  input IssueOrder {
    field: IssueOrderField!
    direction: OrderDirection!
  }

  enum PullRequestState {
    CLOSED
    MERGED
    OPEN
  }

  enum MergeableState {
    CONFLICTING
    MERGEABLE
    UNKNOWN
  }

  enum MergeStateStatus {
    BEHIND
    BLOCKED
    CLEAN
    DIRTY
    DRAFT
      @deprecated(
        reason: "DRAFT state will be removed from this enum and \`isDraft\` should be used instead Use PullRequest.isDraft instead. Removal on 2021-01-01 UTC."
      )
    HAS_HOOKS
    UNKNOWN
    UNSTABLE
  }

  enum PullRequestReviewDecision {
    APPROVED
    CHANGES_REQUESTED
    REVIEW_REQUIRED
  }

  type PullRequest implements Node {
    author: Actor
    baseRef: Ref
    baseRefName: String!
    baseRefOid: GitObjectID!
    body: String!
    closed: Boolean!
    createdAt: DateTime!
    files(after: String, before: String, first: Int, last: Int): PullRequestChangedFileConnection
    headRef: Ref
    headRefName: String!
    headRefOid: GitObjectID!
    headRepository: Repository
    id: ID!
    isCrossRepository: Boolean!
    isDraft: Boolean!
    mergeStateStatus: MergeStateStatus!
    mergeable: MergeableState!
    merged: Boolean!
    mergedAt: DateTime
    mergedBy: Actor
    number: Int!
    reviewDecision: PullRequestReviewDecision
    state: PullRequestState!
    title: String!
    updatedAt: DateTime!
    url: URI!
  }

  type Mutation {
    convertPullRequestToDraft(
      input: ConvertPullRequestToDraftInput!
    ): ConvertPullRequestToDraftPayload
    markPullRequestReadyForReview(
      input: MarkPullRequestReadyForReviewInput!
    ): MarkPullRequestReadyForReviewPayload
  }

  input ConvertPullRequestToDraftInput {
    clientMutationId: String
    pullRequestId: ID!
  }

  type ConvertPullRequestToDraftPayload {
    clientMutationId: String
    pullRequest: PullRequest
  }

  input MarkPullRequestReadyForReviewInput {
    clientMutationId: String
    pullRequestId: ID!
  }

  type MarkPullRequestReadyForReviewPayload {
    clientMutationId: String
    pullRequest: PullRequest
  }

  enum PatchStatus {
    ADDED
    CHANGED
    COPIED
    DELETED
    MODIFIED
    RENAMED
  }

  enum FileViewedState {
    DISMISSED
    UNVIEWED
    VIEWED
  }

  type PullRequestChangedFile {
    additions: Int!
    changeType: PatchStatus!
    deletions: Int!
    path: String!
    viewerViewedState: FileViewedState!
  }

  type PullRequestChangedFileConnection {
    nodes: [PullRequestChangedFile]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type PullRequestConnection {
    nodes: [PullRequest]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  enum DeploymentOrderField {
    CREATED_AT
  }

  input DeploymentOrder {
    field: DeploymentOrderField!
    direction: OrderDirection!
  }

  enum DeploymentState {
    ABANDONED
    ACTIVE
    DESTROYED
    ERROR
    FAILURE
    INACTIVE
    IN_PROGRESS
    PENDING
    QUEUED
    WAITING
  }

  enum DeploymentStatusState {
    ERROR
    FAILURE
    INACTIVE
    IN_PROGRESS
    PENDING
    QUEUED
    SUCCESS
    WAITING
  }

  type Deployment implements Node {
    commitOid: String!
    creator: Actor!
    environment: String
    id: ID!
    latestStatus: DeploymentStatus
    originalEnvironment: String
    state: DeploymentState
    task: String
  }

  type DeploymentConnection {
    nodes: [Deployment]
    totalCount: Int!
  }

  type DeploymentStatus {
    creator: Actor!
    deployment: Deployment!
    description: String
    environmentUrl: URI
    logUrl: URI
    state: DeploymentStatusState!
  }
`;
