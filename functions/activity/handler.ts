import { awsGitHubGroupHandler } from '../aws-github-group';
import { webhookQueueOf } from '../aws-webhooks';
import { wireActivity } from './wire';

export const handler = awsGitHubGroupHandler(
  ['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL'],
  (ports) => wireActivity(ports),
  webhookQueueOf,
);
