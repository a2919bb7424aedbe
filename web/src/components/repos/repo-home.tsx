import { useEffect } from 'react';
import { useRouter } from '../../router/router';
import { EmptyState } from '../ui/states';
import { useRepo } from './repo-context';

/** A repository's address opens its first collection. */
export function RepoHome() {
  const { repo, config } = useRepo();
  const { navigate } = useRouter();
  const first = Object.keys(config.collections)[0];
  useEffect(() => {
    if (first) navigate({ name: 'collection', repo, collection: first }, { replace: true });
  }, [first, repo, navigate]);
  return first ? null : (
    <EmptyState title="This configuration has no collections">
      Add one to cms.config.json to start editing.
    </EmptyState>
  );
}
