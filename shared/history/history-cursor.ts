import * as z from 'zod/mini';
import { InvalidInputError } from '../errors';

/**
 * Where the next page of an item's history starts: the file's path there (older than a rename,
 * the old path), the commit the history is walked from (pinned on the first page, so pages do not
 * shift when commits land meanwhile) and the provider's cursor inside that walk. Opaque to
 * clients: base64url JSON. Nothing in it is trusted: a path outside the collection is refused
 * where it is used, and the commit is only ever read.
 */
export interface HistoryCursor {
  path: string;
  from: string;
  after: string | null;
}

const CursorSchema = z.object({
  p: z.string().check(z.minLength(1), z.maxLength(1024)),
  h: z.string().check(z.regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/)),
  a: z.nullable(z.string().check(z.maxLength(1000))),
});

export const encodeHistoryCursor = (cursor: HistoryCursor): string =>
  Buffer.from(JSON.stringify({ p: cursor.path, h: cursor.from, a: cursor.after })).toString(
    'base64url',
  );

export function decodeHistoryCursor(text: string): HistoryCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const cursor = CursorSchema.safeParse(parsed);
  if (!cursor.success)
    throw new InvalidInputError(
      'cursor: is not a cursor this history gave (take `next` from the previous page)',
    );
  return { path: cursor.data.p, from: cursor.data.h, after: cursor.data.a };
}
