import { closeBatchReaders } from './git-batch';
import { forgetObjectsUnder } from './object-cache';

/** Ends the long-lived readers and drops the cached objects of the repositories at or under `root`. */
export function releaseRepositories(root: string): void {
  closeBatchReaders(root);
  forgetObjectsUnder(root);
}
