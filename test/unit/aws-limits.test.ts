import { describe, expect, it } from 'vitest';
import {
  functionTimeoutMs,
  httpApiIntegrationTimeoutMs,
  jsonBytes,
  lambdaRequestLimitBytes,
  lambdaResponseLimitBytes,
} from '../../shared/http/aws-limits';
import { maxInlineReadBytes } from '../../shared/ports/upload-staging';

/** The limits every runtime reads (shared/http/aws-limits.ts), and what the service's own answers leave between them. */
describe("AWS's limits", () => {
  it('are the figures Lambda and API Gateway give', () => {
    expect(lambdaRequestLimitBytes).toBe(6 * 1024 * 1024);
    expect(lambdaResponseLimitBytes).toBe(6 * 1024 * 1024 + 100);
    expect(httpApiIntegrationTimeoutMs).toBe(30_000);
    expect(functionTimeoutMs).toBeLessThan(httpApiIntegrationTimeoutMs);
  });

  it('leave room for the largest media file read inline: its base64 with 16 KB of headers fits one answer', () => {
    // Act
    const answer = {
      statusCode: 200,
      headers: { 'x-padding': 'x'.repeat(16 * 1024) },
      body: Buffer.alloc(maxInlineReadBytes).toString('base64'),
      isBase64Encoded: true,
    };

    // Assess
    expect(jsonBytes(answer)).toBeLessThan(lambdaResponseLimitBytes);
  });
});
