import { createDocumentClient } from '../../shared/store/dynamodb-client';
import { createAwsDeps, parseAwsEnv } from '../aws-deps';
import { makeHealthHandler } from './app';

const env = parseAwsEnv(process.env, ['TABLE_NAME']);
const dynamo = createDocumentClient();

export const handler = makeHealthHandler(createAwsDeps(env, { dynamo: dynamo.doc }));
