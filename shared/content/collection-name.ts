/** Collection names appear in branch names (`cms/{collection}/{slug}`) and in URLs. */
export const collectionNamePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const isValidCollectionName = (name: string): boolean => collectionNamePattern.test(name);

/**
 * Names that are also properties of every JavaScript object: as a collection or field name they
 * would be confused with one, so the config refuses them.
 */
export const reservedNames: ReadonlySet<string> = new Set([
  'constructor',
  'prototype',
  '__proto__',
]);
