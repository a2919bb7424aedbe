import { gitHostContract } from './git-host-contract';
import { localTarget, memoryTarget } from './host-under-test';

gitHostContract(memoryTarget);
gitHostContract(localTarget);
