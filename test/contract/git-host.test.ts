import { gitHostContract } from './git-host-contract';
import { localGitHubHost, memoryHost } from './host-under-test';

gitHostContract('in memory', async () => memoryHost());
gitHostContract('GitHub adapter on the local GitHub host', localGitHubHost);
