#!/usr/bin/env node
// The CLI is TypeScript run through tsx (installed by `npm ci`), so a checkout needs no build step.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./main.ts');
