import * as z from 'zod/mini';

/** A string with something other than white space in it; `message` when it has not. */
export const nonBlank = (message: string) =>
  z.string().check(z.refine((text) => text.trim() !== '', message));
