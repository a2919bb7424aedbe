import { awsGitHubGroupHandler } from '../aws-github-group';
import { wireRepos } from './wire';

export const handler = awsGitHubGroupHandler(['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL', 'INDEX_QUEUE_URL'], (ports) => wireRepos(ports));
