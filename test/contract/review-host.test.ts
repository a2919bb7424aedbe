import { localTarget, memoryTarget } from './host-under-test';
import { reviewHostContract } from './review-host-contract';

reviewHostContract(memoryTarget);
reviewHostContract(localTarget);
