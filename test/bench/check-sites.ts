import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { inferSite } from '../../cli/lib/init/infer-site';
import { runCli } from '../../cli/run';
import { checkoutRealSite } from '../support/real-site-checkout';
import { realSiteManifest, realSiteNames } from '../support/real-sites';
import { ms, table } from './markdown';

const binPath = fileURLToPath(new URL('../../cli/bin.js', import.meta.url));

/** `cms check` must read the whole real-site corpus in under this (issue #39). */
export const checkTargetMs = 5_000;

export interface CheckSiteRow {
  site: string;
  tracked: number;
  checked: number;
  errors: number;
  warnings: number;
  /** The command itself in this process: git ls-files, reading, checking, the JSON report. */
  checkMs: number;
  /** Wall time of a whole `cms check` process, Node and tsx start-up included, as a CI step pays it. */
  wallMs: number;
}

/** Runs `cms check` in this process; resolves to what it printed on stdout. */
async function checkInProcess(dir: string): Promise<string> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const io = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {} };
  const code = await runCli(['check', dir, '--format', 'json'], io);
  if (code !== 0 && code !== 1) throw new Error(`cms check ${dir} exited ${code}`);
  return out;
}

/**
 * `cms check --format json` over each real site (test/fixtures/real-sites) with the config
 * `cms init` proposes for it, each a fresh git working tree; one process per site, timed whole.
 */
export async function measureCheckSites(progress: (line: string) => void): Promise<CheckSiteRow[]> {
  const root = mkdtempSync(join(tmpdir(), 'cms-bench-check-'));
  try {
    const rows: CheckSiteRow[] = [];
    for (const site of realSiteNames) {
      const dir = join(root, site);
      checkoutRealSite(site, dir);
      const { config } = await inferSite(dir);
      writeFileSync(join(dir, 'cms.config.json'), JSON.stringify(config));
      const inProcess = performance.now();
      const report = JSON.parse(await checkInProcess(dir)) as {
        checked: number;
        errors: number;
        warnings: number;
      };
      const checkMs = performance.now() - inProcess;
      const started = performance.now();
      const run = spawnSync(process.execPath, [binPath, 'check', dir, '--format', 'json'], {
        encoding: 'utf8',
      });
      const wallMs = performance.now() - started;
      if (run.status !== 0 && run.status !== 1)
        throw new Error(`cms check ${site} exited ${run.status}: ${run.stderr}`);
      rows.push({
        site,
        tracked: realSiteManifest[site]!.files.length,
        checked: report.checked,
        errors: report.errors,
        warnings: report.warnings,
        checkMs,
        wallMs,
      });
      progress(
        `cms check ${site}: ${report.checked} files in ${ms(checkMs)} ms (process ${ms(wallMs)} ms)`,
      );
    }
    return rows;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const sum = (rows: readonly CheckSiteRow[], key: keyof Omit<CheckSiteRow, 'site'>) =>
  rows.reduce((total, row) => total + row[key], 0);

export function checkTargetRows(
  rows: readonly CheckSiteRow[],
  verdict: (met: boolean) => string,
): string[][] {
  const total = sum(rows, 'checkMs');
  return [
    [
      `\`cms check\` over the real-site corpus (${sum(rows, 'tracked')} files) in under ${checkTargetMs / 1000} s (issue #39)`,
      `${ms(total)} ms for the ${rows.length} sites (${ms(sum(rows, 'wallMs'))} ms as ${rows.length} processes, start-up included)`,
      verdict(total < checkTargetMs),
    ],
  ];
}

export function renderCheckSites(rows: readonly CheckSiteRow[]): string {
  const body = rows.map((row) => [
    row.site,
    String(row.tracked),
    String(row.checked),
    String(row.errors),
    String(row.warnings),
    ms(row.checkMs),
    ms(row.wallMs),
  ]);
  body.push([
    '**all**',
    String(sum(rows, 'tracked')),
    String(sum(rows, 'checked')),
    String(sum(rows, 'errors')),
    String(sum(rows, 'warnings')),
    ms(sum(rows, 'checkMs')),
    ms(sum(rows, 'wallMs')),
  ]);
  return `## \`cms check\` over the real sites

\`cms check <site> --format json\` on each site of test/fixtures/real-sites, a fresh git working
tree with the \`cms.config.json\` that \`cms init\` proposes for it. "Check ms" is the command in
the bench's process (git ls-files, reading, checking, the report); "process ms" a whole \`cms\`
process run from the checkout (Node and tsx start-up included, as a CI step pays it).
"Checked" counts the items of the collections and the markdown in their directories that no
collection serves. The Rust blog's error is a field \`cms init\` proposed as required (every other
post has it) that one post lacks.

${table(['site', 'tracked files', 'checked', 'errors', 'warnings', 'check ms', 'process ms'], body)}`;
}
