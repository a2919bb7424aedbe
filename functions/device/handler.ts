import { awsGitHubGroupHandler } from '../aws-github-group';
import { wireDevice } from './wire';

export const handler = awsGitHubGroupHandler([], (ports) => wireDevice(ports));
