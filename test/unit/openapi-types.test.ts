import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedTypes, generatedTypesFile } from '../support/generated/openapi-types-source';

/**
 * The generated client types are committed, so `tsc --noEmit` checks the generated-client test's
 * calls against them like any other file, and a review shows how the API's types change.
 */
describe('the generated client types', () => {
  it('are what openapi-typescript makes of the document today (else: npm run openapi:types)', async () => {
    expect(
      readFileSync(generatedTypesFile, 'utf8') === (await generatedTypes()),
      'test/support/generated/openapi-types.ts is stale: run npm run openapi:types',
    ).toBe(true);
  });
});
