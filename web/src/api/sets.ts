import { call } from './client';

/** The open change sets, each with the items it holds (one GitHub round trip). */
export const listSets = (repo: string) => call('listSets', { params: { repo } });

/** Starts a change set: its branch `cms/_sets/{name}` and its pull request, in progress. */
export const createSet = (repo: string, name: string, title: string) =>
  call('createSet', { params: { repo }, body: { name, ...(title.trim() ? { title } : {}) } });

/** Takes an item out of a set: its files on the set's branch go back to main's version. */
export const removeSetItem = (repo: string, name: string, collection: string, slug: string) =>
  call('removeSetItem', { params: { repo, name, collection, slug } });
