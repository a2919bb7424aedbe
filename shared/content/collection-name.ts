/** Collection names appear in branch names (`cms/{collection}/{slug}`) and in URLs. */
export const collectionNamePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const isValidCollectionName = (name: string): boolean => collectionNamePattern.test(name);
