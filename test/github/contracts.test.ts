import { inject } from 'vitest';
import { gitHostContract } from '../contract/git-host-contract';
import { githubTarget } from '../contract/host-under-test';
import { pullHostContract } from '../contract/pull-host-contract';
import { reviewHostContract } from '../contract/review-host-contract';

// The contracts of npm test, against the GitHub global-setup.ts names; one after the other on its one repository.
const target = githubTarget(inject('github'));
gitHostContract(target);
pullHostContract(target);
reviewHostContract(target);
