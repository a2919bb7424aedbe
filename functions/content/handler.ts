import { createGitHubHistoryHost } from '../../shared/adapters/github/github-history-host';
import { createGitHubPullHost } from '../../shared/adapters/github/github-pull-host';
import { awsGitHubGroupHandler } from '../aws-github-group';
import { indexQueueOf } from '../aws-index-queue';
import { webhookQueueOf } from '../aws-webhooks';
import { wireContent } from './wire';

export const handler = awsGitHubGroupHandler(
  ['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL', 'INDEX_QUEUE_URL'],
  (ports, env) =>
    wireContent({
      ...ports,
      indexQueue: indexQueueOf(env),
      pullHost: createGitHubPullHost({ apiUrl: env.GITHUB_API_URL }),
      historyHost: createGitHubHistoryHost({ apiUrl: env.GITHUB_API_URL }),
    }),
  webhookQueueOf,
);
