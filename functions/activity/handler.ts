import { awsGitHubGroupHandler } from '../aws-github-group';
import { wireActivity } from './wire';

export const handler = awsGitHubGroupHandler(['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL'], (ports) => wireActivity(ports));
