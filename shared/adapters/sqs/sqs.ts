import { SQSClient, type SQSClientConfig } from '@aws-sdk/client-sqs';
import { sdkDefaults } from '../sdk-defaults';

/**
 * The SQS client of a container, for every queue adapter (sqs-webhook-queue.ts). An attempt gets 5
 * seconds: a write sends its deliveries after it is in git, and a slow queue must not hold the
 * answer for the function's whole time; the standard retries still apply.
 */
export const createSqsClient = (config: SQSClientConfig = {}): SQSClient =>
  new SQSClient({ ...sdkDefaults, requestHandler: { requestTimeout: 5_000 }, ...config });
