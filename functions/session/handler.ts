import { awsGitHubGroupHandler } from '../aws-github-group';
import { wireSession } from './wire';

export const handler = awsGitHubGroupHandler(['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL'], (ports) => wireSession(ports));
