import { createEventBridgeTimer } from '../../shared/aws/scheduler-client';
import { createGitHubMediaHost } from '../../shared/githost/github-media-host';
import { createGitHubPullHost } from '../../shared/githost/github-pull-host';
import { createGitHubReviewHost } from '../../shared/githost/github-review-host';
import { awsGitHubGroupHandler } from '../aws-github-group';
import { wireSchedules } from './wire';

export const handler = awsGitHubGroupHandler(['SCHEDULE_GROUP', 'SCHEDULER_FUNCTION_ARN', 'SCHEDULER_ROLE_ARN', 'ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL'], (ports, env) =>
  wireSchedules({
    ...ports,
    pullHost: createGitHubPullHost({ apiUrl: env.GITHUB_API_URL }),
    reviewHost: createGitHubReviewHost({ apiUrl: env.GITHUB_API_URL }),
    mediaHost: createGitHubMediaHost({ apiUrl: env.GITHUB_API_URL }),
    scheduleTimer: createEventBridgeTimer({ groupName: env.SCHEDULE_GROUP, targetArn: env.SCHEDULER_FUNCTION_ARN, roleArn: env.SCHEDULER_ROLE_ARN }),
  }),
);
