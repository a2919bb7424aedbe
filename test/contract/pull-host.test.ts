import { localGitHubHost, memoryHost } from './host-under-test';
import { pullHostContract } from './pull-host-contract';

pullHostContract('in memory', async () => memoryHost());
pullHostContract('GitHub adapter on the local GitHub host', localGitHubHost);
