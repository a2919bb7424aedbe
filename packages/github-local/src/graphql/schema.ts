import { buildSchema, GraphQLError, Kind, type GraphQLScalarType, type GraphQLSchema } from 'graphql';
import { PULLS_SDL } from './schema-pulls';

/**
 * The slice of GitHub's GraphQL schema the local host answers. Every type, field and argument here
 * exists in GitHub's published schema with the same signature (checked in
 * test/graphql.test.ts), so a document valid here is valid on GitHub.
 */
const BASE_SDL = /* GraphQL */ `
scalar DateTime
scalar GitObjectID
scalar GitTimestamp
scalar URI

interface Node {
  id: ID!
}

interface GitObject {
  abbreviatedOid: String!
  commitResourcePath: URI!
  commitUrl: URI!
  id: ID!
  oid: GitObjectID!
  repository: Repository!
}

type Query {
  rateLimit(dryRun: Boolean = false): RateLimit
  repository(owner: String!, name: String!, followRenames: Boolean = true): Repository
  viewer: User!
}

type RateLimit {
  cost: Int!
  limit: Int!
  remaining: Int!
  resetAt: DateTime!
  used: Int!
}

type User implements Actor & Node {
  avatarUrl(size: Int): URI!
  id: ID!
  login: String!
  resourcePath: URI!
  url: URI!
}

type Repository implements Node {
  defaultBranchRef: Ref
  id: ID!
  isPrivate: Boolean!
  name: String!
  nameWithOwner: String!
  object(expression: String, oid: GitObjectID): GitObject
  ref(qualifiedName: String!): Ref
  refs(after: String, first: Int, query: String, refPrefix: String!): RefConnection
}

type Ref implements Node {
  associatedPullRequests(
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
  id: ID!
  name: String!
  prefix: String!
  repository: Repository!
  target: GitObject
}

type RefConnection {
  edges: [RefEdge]
  nodes: [Ref]
  pageInfo: PageInfo!
  totalCount: Int!
}

type RefEdge {
  cursor: String!
  node: Ref
}

type PageInfo {
  endCursor: String
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
}

type Blob implements GitObject & Node {
  abbreviatedOid: String!
  byteSize: Int!
  commitResourcePath: URI!
  commitUrl: URI!
  id: ID!
  isBinary: Boolean
  isTruncated: Boolean!
  oid: GitObjectID!
  repository: Repository!
  text: String
}

type Tree implements GitObject & Node {
  abbreviatedOid: String!
  commitResourcePath: URI!
  commitUrl: URI!
  entries: [TreeEntry!]
  id: ID!
  oid: GitObjectID!
  repository: Repository!
}

type TreeEntry {
  mode: Int!
  name: String!
  object: GitObject
  oid: GitObjectID!
  path: String
  repository: Repository!
  size: Int!
  type: String!
}

type Commit implements GitObject & Node {
  abbreviatedOid: String!
  author: GitActor
  commitResourcePath: URI!
  commitUrl: URI!
  committedDate: DateTime!
  committer: GitActor
  file(path: String!): TreeEntry
  id: ID!
  message: String!
  messageHeadline: String!
  oid: GitObjectID!
  parents(after: String, first: Int): CommitConnection!
  repository: Repository!
  tree: Tree!
}

type CommitConnection {
  edges: [CommitEdge]
  nodes: [Commit]
  pageInfo: PageInfo!
  totalCount: Int!
}

type CommitEdge {
  cursor: String!
  node: Commit
}

type GitActor {
  date: GitTimestamp
  email: String
  name: String
}
`;

/** The whole subset: git objects and refs above, pull requests and deployments in ./schema-pulls.ts. */
export const SCHEMA_SDL = `${BASE_SDL}${PULLS_SDL}`;

const OID = /^[0-9a-fA-F]{40}$/;

function parseOid(value: unknown): string {
  if (typeof value !== 'string' || !OID.test(value)) throw new GraphQLError(`${JSON.stringify(value)} is not a valid GitObjectID`);
  return value.toLowerCase();
}

let built: GraphQLSchema | undefined;

/** The executable schema; GitObjectID rejects anything but a full 40-hex object id, as GitHub does. */
export function localSchema(): GraphQLSchema {
  if (built) return built;
  const schema = buildSchema(SCHEMA_SDL);
  const oid = schema.getType('GitObjectID') as GraphQLScalarType;
  oid.parseValue = parseOid;
  oid.parseLiteral = (node) => parseOid(node.kind === Kind.STRING ? node.value : undefined);
  built = schema;
  return schema;
}
