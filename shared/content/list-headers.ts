/**
 * The list's response header counting the entries it left out; their reasons are at
 * `…/content/{collection}/_skipped`. A module of its own, without zod, so the editor's bundle can
 * read it without carrying the schemas.
 */
export const skippedFilesHeader = 'x-skipped-files';
