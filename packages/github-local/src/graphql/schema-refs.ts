/**
 * GitHub's `updateRefs` mutation: several refs created, moved or deleted in one all-or-nothing
 * transaction, each guarded by the value it must hold first (`beforeOid`). Signatures as in
 * GitHub's published schema (checked in test/graphql.test.ts).
 */
export const REFS_SDL = /* GraphQL */ `
  scalar GitRefname

  extend type Mutation {
    updateRefs(input: UpdateRefsInput!): UpdateRefsPayload
  }

  input RefUpdate {
    afterOid: GitObjectID!
    beforeOid: GitObjectID
    force: Boolean = false
    name: GitRefname!
  }

  input UpdateRefsInput {
    clientMutationId: String
    refUpdates: [RefUpdate!]!
    repositoryId: ID!
  }

  type UpdateRefsPayload {
    clientMutationId: String
  }
`;
