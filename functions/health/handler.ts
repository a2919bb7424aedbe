import { createJsonLogger } from '../../shared/logger';
import { parseAwsEnv } from '../aws-env';
import { guardOrigin } from '../aws-origin-check';
import { wireHealth } from './wire';

const env = parseAwsEnv(process.env, ['PUBLIC_URL']);

const logger = createJsonLogger();

/** Nothing to read first: no lazy initialisation (the origin secret is read on the first request). */
export const handler = guardOrigin(wireHealth({ logger, publicUrl: () => env.PUBLIC_URL }), logger);
