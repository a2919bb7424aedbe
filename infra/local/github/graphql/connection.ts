import { TypedGraphQLError } from './errors';

/** GitHub's cursor pagination: `first` is required and at most 100; cursors are opaque positions. */

export const MAX_PAGE = 100;

export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

function encodeCursor(position: number): string {
  return Buffer.from(`cursor:${position}`).toString('base64');
}

function decodeCursor(cursor: string): number | null {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) : null;
}

export function connection<T>(items: T[], args: PageArgs, name: string) {
  const first = args.first;
  if (first === undefined || first === null) {
    throw new TypedGraphQLError(`You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`, 'MISSING_PAGINATION_BOUNDARIES');
  }
  if (first > MAX_PAGE) {
    throw new TypedGraphQLError(`Requesting ${first} records on the \`${name}\` connection exceeds the \`first\` limit of ${MAX_PAGE} records.`, 'EXCESSIVE_PAGINATION');
  }
  if (first < 0) throw new TypedGraphQLError('`first` must be a non-negative integer.', 'INVALID_CURSOR_ARGUMENTS');
  const start = args.after ? decodeCursor(args.after) : 0;
  if (start === null) throw new TypedGraphQLError(`\`${args.after ?? ''}\` does not appear to be a valid cursor.`, 'INVALID_CURSOR_ARGUMENTS');
  const nodes = items.slice(start, start + first);
  const edges = nodes.map((node, index) => ({ cursor: encodeCursor(start + index + 1), node }));
  return {
    edges,
    nodes,
    totalCount: items.length,
    pageInfo: {
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
