import { createGitHubMediaHost } from '../../shared/adapters/github/github-media-host';
import { createGitHubPullHost } from '../../shared/adapters/github/github-pull-host';
import { awsGitHubGroupHandler } from '../aws-github-group';
import { webhookQueueOf } from '../aws-webhooks';
import { createS3Staging } from '../aws-media-staging';
import { wireMedia } from './wire';

export const handler = awsGitHubGroupHandler(
  ['UPLOADS_BUCKET', 'ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL'],
  (ports, env) =>
    wireMedia({
      ...ports,
      pullHost: createGitHubPullHost({ apiUrl: env.GITHUB_API_URL }),
      mediaHost: createGitHubMediaHost({ apiUrl: env.GITHUB_API_URL }),
      uploadStaging: createS3Staging(env),
    }),
  webhookQueueOf,
);
