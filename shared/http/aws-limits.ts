/**
 * What AWS lets one request carry through an HTTP API into a Lambda function and back, and how
 * long it may take. The stack (infra/aws/cms-function.ts, cms-stack.ts), the functions' answer
 * path (answer-size.ts) and local mode's gateway (infra/local/gateway.ts) all read these, so local
 * mode fails where AWS fails (docs/limits.md).
 */

/**
 * A synchronous invocation's response: the result object as the Node.js runtime serialises it
 * (status, headers, cookies and the body as sent: its base64 text when `isBase64Encoded`). The
 * quota page says 6 MB; Lambda's own refusal names the exact figure: "Response payload size
 * exceeded maximum allowed payload size (6291556 bytes)" (errorType Function.ResponseSizeTooLarge).
 */
export const lambdaResponseLimitBytes = 6_291_556;

/**
 * A synchronous invocation's request: the whole event JSON (headers, request context, the body,
 * base64 when binary). Lambda refuses more with RequestEntityTooLargeException: "Request must be
 * smaller than 6291456 bytes for the InvokeFunction operation".
 */
export const lambdaRequestLimitBytes = 6_291_456;

/** HTTP APIs' "Payload size" quota (10 MB, not adjustable), refused by API Gateway itself. */
export const httpApiPayloadLimitBytes = 10 * 1024 * 1024;

/**
 * HTTP APIs' integration timeout: at most 30 s, and 30 s unless set ("TimeoutInMillis: between 50
 * and 30,000 milliseconds for HTTP APIs; the default is 30 seconds"). Past it API Gateway answers
 * 503 `{"message":"Service Unavailable"}` while the function may still be running.
 */
export const httpApiIntegrationTimeoutMs = 30_000;

/**
 * The functions' own timeout, a second under the integration timeout: the function's deadline
 * comes first, so the client gets the service's own answer (shared/http/request-deadline.ts) and
 * the work stops before API Gateway gives up on it.
 */
export const functionTimeoutMs = 29_000;

/** Bytes of a value as JSON: what Lambda measures against its limits. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

/** "6.3 MB" (decimal megabytes, one decimal), as sizes are written in messages and logs. */
export const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;
