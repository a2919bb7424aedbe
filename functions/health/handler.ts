import { createJsonLogger } from '../../shared/logger';
import { parseAwsEnv } from '../aws-env';
import { makeHealthHandler } from './app';

const env = parseAwsEnv(process.env, ['PUBLIC_URL']);

export const handler = makeHealthHandler({ logger: createJsonLogger(), publicUrl: env.PUBLIC_URL });
