import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigningInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-security-token (the signer adds those). */
  headers: Record<string, string>;
  body: string;
  service: string;
  region: string;
  credentials: AwsCredentials;
  date: Date;
}

/** SHA-256 (and its HMAC) from node:crypto, in the shape the signer asks for. */
export class NodeSha256 {
  private readonly hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    if (secret === undefined) this.hash = createHash('sha256');
    else this.hash = createHmac('sha256', typeof secret === 'string' ? secret : ArrayBuffer.isView(secret) ? new Uint8Array(secret.buffer, secret.byteOffset, secret.byteLength) : new Uint8Array(secret));
  }
  update(data: string | Uint8Array): void {
    this.hash.update(data);
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/**
 * AWS Signature Version 4 by the AWS SDK's own signer (`@smithy/signature-v4`, about 14 KB in a
 * bundle from its ES module build): the request's headers with `host`, `x-amz-date`, the session
 * token and `authorization` added.
 */
export async function signRequest(input: SigningInput): Promise<Record<string, string>> {
  const signer = new SignatureV4({ service: input.service, region: input.region, credentials: input.credentials, sha256: NodeSha256, applyChecksum: false });
  const query = Object.fromEntries(input.url.searchParams);
  const signed = await signer.sign(
    { method: input.method, protocol: input.url.protocol, hostname: input.url.hostname, port: input.url.port ? Number(input.url.port) : undefined, path: input.url.pathname || '/', query, headers: { ...input.headers, host: input.url.host }, body: input.body },
    { signingDate: input.date },
  );
  return signed.headers as Record<string, string>;
}
