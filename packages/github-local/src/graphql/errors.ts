import { GraphQLError } from 'graphql';

/** An execution error GitHub reports with a `type` (NOT_FOUND, EXCESSIVE_PAGINATION, ...). */
export class TypedGraphQLError extends Error {
  constructor(
    message: string,
    readonly type:
      | 'NOT_FOUND'
      | 'FORBIDDEN'
      | 'UNPROCESSABLE'
      | 'EXCESSIVE_PAGINATION'
      | 'MISSING_PAGINATION_BOUNDARIES'
      | 'INVALID_CURSOR_ARGUMENTS',
  ) {
    super(message);
    this.name = 'TypedGraphQLError';
  }
}

export interface GitHubGraphQLErrorBody {
  type?: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  message: string;
}

/**
 * GitHub's error entries: `type` first when it has one, then path, locations and message.
 * Errors that are not GraphQL's own nor typed are bugs of this host: logged, never leaked.
 */
export function formatError(error: GraphQLError, requestId: string): GitHubGraphQLErrorBody {
  const original = error.originalError;
  const where = {
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations
      ? { locations: error.locations.map(({ line, column }) => ({ line, column })) }
      : {}),
  };
  if (original instanceof TypedGraphQLError)
    return { type: original.type, ...where, message: original.message };
  if (original && !(original instanceof GraphQLError)) {
    console.error('[github-local] GraphQL resolver failed', requestId, original);
    return {
      ...where,
      message: `Something went wrong while executing your query. Please include \`${requestId}\` when reporting this issue.`,
    };
  }
  return { ...where, message: error.message };
}
