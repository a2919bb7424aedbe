import { localTarget, memoryTarget } from './host-under-test';
import { pullHostContract } from './pull-host-contract';

pullHostContract(memoryTarget);
pullHostContract(localTarget);
