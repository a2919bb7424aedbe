import {
  buildSchema,
  GraphQLError,
  Kind,
  type GraphQLScalarType,
  type GraphQLSchema,
} from 'graphql';
import { PULLS_SDL } from './schema-pulls';
import { HISTORY_SDL } from './schema-history';
import { REFS_SDL } from './schema-refs';

/**
 * The slice of GitHub's GraphQL schema the local host answers. Every type, field and argument here
 * exists in GitHub's published schema with the same signature (checked in
 * test/graphql.test.ts), so a document valid here is valid on GitHub.
 */
const BASE_SDL = /* GraphQL */ `
  scalar DateTime
  scalar GitObjectID
  scalar URI

  interface Node {
    id: ID!
  }

  interface GitObject {
    oid: GitObjectID!
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

  type User implements Actor {
    avatarUrl(size: Int): URI!
    login: String!
    resourcePath: URI!
    url: URI!
  }

  type Repository implements Node {
    defaultBranchRef: Ref
    id: ID!
    isPrivate: Boolean!
    nameWithOwner: String!
    object(expression: String, oid: GitObjectID): GitObject
    ref(qualifiedName: String!): Ref
    refs(after: String, first: Int, query: String, refPrefix: String!): RefConnection
  }

  type Ref {
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
    name: String!
    prefix: String!
    target: GitObject
  }

  type RefConnection {
    nodes: [Ref]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type PageInfo {
    endCursor: String
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
  }

  type Blob implements GitObject {
    abbreviatedOid: String!
    byteSize: Int!
    isBinary: Boolean
    isTruncated: Boolean!
    oid: GitObjectID!
    text: String
  }

  type Tree implements GitObject {
    entries: [TreeEntry!]
    oid: GitObjectID!
  }

  type TreeEntry {
    mode: Int!
    name: String!
    object: GitObject
    oid: GitObjectID!
    path: String
    size: Int!
    type: String!
  }

  type Commit implements GitObject {
    author: GitActor
    committedDate: DateTime!
    file(path: String!): TreeEntry
    message: String!
    messageHeadline: String!
    oid: GitObjectID!
    parents(after: String, first: Int): CommitConnection!
    tree: Tree!
  }

  type CommitConnection {
    nodes: [Commit]
    totalCount: Int!
  }

  type GitActor {
    email: String
    name: String
  }
`;

/** The whole subset: git objects and refs above, pull requests and deployments in ./schema-pulls.ts, ref updates in ./schema-refs.ts, history in ./schema-history.ts. */
export const SCHEMA_SDL = `${BASE_SDL}${PULLS_SDL}${REFS_SDL}${HISTORY_SDL}`;

const OID = /^[0-9a-fA-F]{40}$/;

function parseOid(value: unknown): string {
  if (typeof value !== 'string' || !OID.test(value))
    throw new GraphQLError(`${JSON.stringify(value)} is not a valid GitObjectID`);
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
