/**
 * What every AWS SDK client of the service is made with (the client factories in the folders
 * beside this file, shared/adapters/dynamodb/dynamodb-client.ts among them): the SDK's standard retry mode, whose retry budget (a token
 * bucket per client) and backoff repeat throttling, 5xx and connection errors, 3 attempts unless
 * `AWS_MAX_ATTEMPTS` says otherwise (4 for DynamoDB, the SDK's own default for it). Everything else is left to the SDK's own resolution, so what
 * an operator sets in a function's environment reaches every client: the region, the endpoint
 * (`AWS_ENDPOINT_URL`, `AWS_ENDPOINT_URL_<SERVICE>`), FIPS and dual-stack endpoints
 * (`AWS_USE_FIPS_ENDPOINT`, `AWS_USE_DUALSTACK_ENDPOINT`), the credential chain and the clock-skew
 * correction. One client per service per container: the factories are called at module scope
 * (or once, on first use) by the AWS entries, never per request.
 */
export const sdkDefaults = { retryMode: 'standard' } as const;
