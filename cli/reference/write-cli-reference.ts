import { writeFileSync } from 'node:fs';
import { renderCliReference } from './cli-reference';

/** `npm run docs:cli`: writes docs/cli.md from the command definitions. */
const target = new URL('../../docs/cli.md', import.meta.url);
writeFileSync(target, renderCliReference());
process.stdout.write(`Wrote ${target.pathname.split('/').slice(-2).join('/')}\n`);
