import { createJsonLogger } from '../../shared/logger';
import { parseAwsEnv } from '../aws-env';
import { wireHealth } from './wire';

const env = parseAwsEnv(process.env, ['PUBLIC_URL']);

/** Nothing to read first: no lazy initialisation. */
export const handler = wireHealth({ logger: createJsonLogger(), publicUrl: () => env.PUBLIC_URL });
