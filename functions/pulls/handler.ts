import { createGitHubMediaHost } from '../../shared/adapters/github/github-media-host';
import { createGitHubPullHost } from '../../shared/adapters/github/github-pull-host';
import { createGitHubReviewHost } from '../../shared/adapters/github/github-review-host';
import { awsGitHubGroupHandler } from '../aws-github-group';
import { webhookQueueOf } from '../aws-webhooks';
import { wirePulls } from './wire';

export const handler = awsGitHubGroupHandler(
  ['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL'],
  (ports, env) =>
    wirePulls({
      ...ports,
      pullHost: createGitHubPullHost({ apiUrl: env.GITHUB_API_URL }),
      reviewHost: createGitHubReviewHost({ apiUrl: env.GITHUB_API_URL }),
      mediaHost: createGitHubMediaHost({ apiUrl: env.GITHUB_API_URL }),
    }),
  webhookQueueOf,
);
