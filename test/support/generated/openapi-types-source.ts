import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../../../shared/openapi/document';

export const generatedTypesFile = new URL('./openapi-types.ts', import.meta.url);

const header = `/**
 * The API's types as openapi-typescript generates them from the OpenAPI document, with its
 * default options (what a client of the service would generate). Do not edit: \`npm run
 * openapi:types\` writes it, and test/unit/openapi-types.test.ts fails when it is stale.
 */
`;

/** The generated file's text, from the document as served. */
export async function generatedTypes(): Promise<string> {
  const nodes = await openapiTS(structuredClone(openApiDocument()) as Parameters<typeof openapiTS>[0]);
  return `${header}${astToString(nodes)}`;
}
