import { localGitHubHost, memoryHost } from './host-under-test';
import { reviewHostContract } from './review-host-contract';

reviewHostContract('in memory', async () => memoryHost());
reviewHostContract('GitHub adapter on the local GitHub host', localGitHubHost);
