import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../../shared/openapi/document';

/**
 * `npm run lint:openapi`: the OpenAPI document as GET /api/openapi.json serves it, through
 * Redocly's `recommended` rules (redocly.yaml) and Spectral's `spectral:oas` (.spectral.yaml).
 * A warning fails as an error does: a rule that does not fit is turned off in the config file,
 * with the reason beside it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
const file = path.join(dir, 'openapi.json');

try {
  writeFileSync(
    file,
    JSON.stringify(openApiDocument({ serverUrl: 'https://cms.example.org' }), null, 2),
  );
  const redocly = redoclyProblems();
  const spectral = spawnSync(
    bin('spectral'),
    ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--fail-severity', 'hint'],
    { cwd: root, encoding: 'utf8' },
  );
  process.stdout.write(spectral.stdout);
  process.stderr.write(spectral.stderr);
  console.log(
    `Redocly: ${redocly} problem(s); Spectral: ${spectral.status === 0 ? 'none' : 'see above'}`,
  );
  process.exitCode = redocly === 0 && spectral.status === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Redocly's problems of every severity, printed; its exit code counts errors only. */
function redoclyProblems(): number {
  const run = (format: string) =>
    spawnSync(
      bin('redocly'),
      [
        'lint',
        file,
        '--config',
        path.join(root, 'redocly.yaml'),
        '--format',
        format,
        '--max-problems',
        '1000',
      ],
      { cwd: root, encoding: 'utf8' },
    );
  const { totals } = JSON.parse(run('json').stdout) as {
    totals: { errors: number; warnings: number };
  };
  const count = totals.errors + totals.warnings;
  if (count > 0) process.stdout.write(run('stylish').stdout);
  return count;
}
