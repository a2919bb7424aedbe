import { useRepo } from '../repos/repo-context';
import type { ItemLocation } from './save-flow';

/** The draft's preview address: from the save that opened the review, else from the repository's list of drafts. */
export function usePreviewUrl(pull: ItemLocation['pull']): string | undefined {
  const { pulls } = useRepo();
  if (!pull) return undefined;
  return (
    pull.previewUrl ??
    pulls.data?.find((candidate) => candidate.number === pull.number)?.previewUrl ??
    undefined
  );
}
