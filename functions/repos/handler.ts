import { awsGitHubGroupHandler } from '../aws-github-group';
import { indexQueueOf } from '../aws-index-queue';
import { webhookQueueOf } from '../aws-webhooks';
import { wireRepos } from './wire';

export const handler = awsGitHubGroupHandler(
  ['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL', 'INDEX_QUEUE_URL'],
  (ports, env) => wireRepos({ ...ports, indexQueue: indexQueueOf(env) }),
  webhookQueueOf,
);
