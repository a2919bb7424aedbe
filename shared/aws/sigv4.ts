import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigningInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-security-token (added here). */
  headers: Record<string, string>;
  body: string;
  service: string;
  region: string;
  credentials: AwsCredentials;
  date: Date;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 for the JSON protocols we call (DynamoDB, KMS, Secrets Manager: a POST
 * with a JSON body): the request's headers with `x-amz-date`, the session token and
 * `authorization` added. Checked against the AWS SDK's signer in test/unit/aws-json-client.test.ts.
 */
export function signRequest(input: SigningInput): Record<string, string> {
  const amzDate = input.date.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...input.headers, host: input.url.host, 'x-amz-date': amzDate };
  if (input.credentials.sessionToken) headers['x-amz-security-token'] = input.credentials.sessionToken;
  const names = Object.keys(headers).map((name) => name.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')]));
  const signedHeaders = names.join(';');
  const path = input.url.pathname.split('/').map((segment) => encode(decodeURIComponent(segment))).map(encode).join('/') || '/';
  const query = [...input.url.searchParams].map(([key, value]) => `${encode(key)}=${encode(value)}`).sort().join('&');
  const canonical = [input.method, path, query, ...names.map((name) => `${name}:${lower[name]}`), '', signedHeaders, sha256Hex(input.body)].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}
