import { createGitHubPullHost } from '../../shared/githost/github-pull-host';
import { awsGitHubGroupHandler } from '../aws-github-group';
import { wireContent } from './wire';

export const handler = awsGitHubGroupHandler(['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL', 'INDEX_QUEUE_URL'], (ports, env) => wireContent({ ...ports, pullHost: createGitHubPullHost({ apiUrl: env.GITHUB_API_URL }) }));
