/**
 * What an AWS entry (functions/<group>/handler.ts) reads when a test loads it in process: the
 * environment the stack gives every function, and the secrets a Secrets Manager stand-in answers.
 */
export const awsEnv = {
  TABLE_NAME: 'cms-table',
  KMS_KEY_ID: 'arn:aws:kms:eu-west-1:111122223333:key/0f5e2c1a-1111-2222-3333-444455556666',
  TOKEN_HMAC_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:hmac-AbCdEf',
  GITHUB_APP_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:app-AbCdEf',
  GITHUB_WEB_URL: 'https://github.com',
  GITHUB_API_URL: 'https://api.github.com',
  PUBLIC_URL: 'https://d111111abcdef8.cloudfront.net',
  UPLOADS_BUCKET: 'cms-uploads-0a1b2c3d-111122223333-eu-west-1',
  ACTIVITY_RETENTION_DAYS: '365',
  SCHEDULE_GROUP: 'Cms-cms',
  SCHEDULER_FUNCTION_ARN: 'arn:aws:lambda:eu-west-1:111122223333:function:Cms-SchedulerFunction',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::111122223333:role/Cms-ScheduledInvokeRole',
  WEBHOOK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/Cms-WebhooksQueue',
  WEBHOOK_DLQ_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/Cms-WebhooksDeadLetters',
  INDEX_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/Cms-IndexingQueue',
  WEBHOOK_ALLOWED_PRIVATE: '',
};

export const secretValues: Record<string, string> = {
  [awsEnv.TOKEN_HMAC_SECRET_ARN]: 'k'.repeat(64),
  [awsEnv.GITHUB_APP_SECRET_ARN]: JSON.stringify({
    appId: 12345,
    clientId: 'Iv1.abc',
    clientSecret: 'shh',
    privateKey: '-----BEGIN RSA PRIVATE KEY-----\n...',
  }),
};
