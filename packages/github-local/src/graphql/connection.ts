import { TypedGraphQLError } from './errors';

/**
 * GitHub's cursor pagination: `first` or `last` is required (at most 100, not both); cursors are
 * opaque positions in the full list. `after`/`before` narrow the list first, then `first` takes from
 * its start or `last` from its end (so `last: 1` is the final item).
 */

export const MAX_PAGE = 100;

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

function encodeCursor(position: number): string {
  return Buffer.from(`cursor:${position}`).toString('base64');
}

function decodeCursor(cursor: string): number {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (!match)
    throw new TypedGraphQLError(
      `\`${cursor}\` does not appear to be a valid cursor.`,
      'INVALID_CURSOR_ARGUMENTS',
    );
  return Number(match[1]);
}

function checkCount(value: number | null | undefined, which: 'first' | 'last', name: string): void {
  if (value === undefined || value === null) return;
  if (value > MAX_PAGE) {
    throw new TypedGraphQLError(
      `Requesting ${value} records on the \`${name}\` connection exceeds the \`${which}\` limit of ${MAX_PAGE} records.`,
      'EXCESSIVE_PAGINATION',
    );
  }
  if (value < 0)
    throw new TypedGraphQLError(
      `\`${which}\` must be a non-negative integer.`,
      'INVALID_CURSOR_ARGUMENTS',
    );
}

export function connection<T>(items: T[], args: PageArgs, name: string) {
  const { first, last } = args;
  const hasFirst = first !== undefined && first !== null;
  const hasLast = last !== undefined && last !== null;
  if (!hasFirst && !hasLast) {
    throw new TypedGraphQLError(
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
      'MISSING_PAGINATION_BOUNDARIES',
    );
  }
  if (hasFirst && hasLast) {
    throw new TypedGraphQLError(
      `Passing both \`first\` and \`last\` to paginate the \`${name}\` connection is not supported.`,
      'INVALID_CURSOR_ARGUMENTS',
    );
  }
  checkCount(first, 'first', name);
  checkCount(last, 'last', name);
  // Cursor n points after the n-th item (1-based), i.e. at index n - 1.
  let start = args.after ? Math.min(decodeCursor(args.after), items.length) : 0;
  let end = args.before ? Math.min(decodeCursor(args.before) - 1, items.length) : items.length;
  end = Math.max(start, end);
  if (hasFirst) end = Math.min(end, start + first);
  if (hasLast) start = Math.max(start, end - last);
  const nodes = items.slice(start, end);
  return {
    nodes,
    totalCount: items.length,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: nodes.length > 0 ? encodeCursor(start + 1) : null,
      endCursor: nodes.length > 0 ? encodeCursor(end) : null,
    },
  };
}
