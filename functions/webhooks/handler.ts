import { awsGitHubGroupHandler } from '../aws-github-group';
import { indexQueueOf } from '../aws-index-queue';
import { webhookPolicyOf, webhookQueueOf } from '../aws-webhooks';
import { wireWebhooks } from './wire';

export const handler = awsGitHubGroupHandler(
  ['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL', 'INDEX_QUEUE_URL', 'WEBHOOK_ALLOWED_PRIVATE'],
  (ports, env) =>
    wireWebhooks({ ...ports, indexQueue: indexQueueOf(env), webhookPolicy: webhookPolicyOf(env) }),
  webhookQueueOf,
);
