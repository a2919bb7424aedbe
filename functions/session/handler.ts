import { awsGitHubGroupHandler } from '../aws-github-group';
import { webhookQueueOf } from '../aws-webhooks';
import { wireSession } from './wire';

export const handler = awsGitHubGroupHandler(
  ['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL'],
  (ports) => wireSession(ports),
  webhookQueueOf,
);
