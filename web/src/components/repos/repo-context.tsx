import { createContext, useContext } from 'react';
import type { CmsConfig, CollectionConfig } from '../../../../shared/content/config-schema';
import type { PullRequestSummary } from '../../../../shared/pulls/schemas';
import type { AsyncState } from '../../lib/use-async';

export interface RepoContextValue {
  repo: string;
  config: CmsConfig;
  /** Open drafts of the repository; shared by the sidebar count, the item list and the editor. */
  pulls: AsyncState<PullRequestSummary[]>;
  reloadPulls(): void;
}

export const RepoContext = createContext<RepoContextValue | undefined>(undefined);

export function useRepo(): RepoContextValue {
  const value = useContext(RepoContext);
  if (!value) throw new Error('useRepo outside RepoLayout');
  return value;
}

export function useCollection(name: string): CollectionConfig | undefined {
  return useRepo().config.collections[name];
}
