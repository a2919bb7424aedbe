import { writeFileSync } from 'node:fs';
import { generatedTypes, generatedTypesFile } from './openapi-types-source';

// `npm run openapi:types`: writes the generated client types the tests use.
writeFileSync(generatedTypesFile, await generatedTypes());
