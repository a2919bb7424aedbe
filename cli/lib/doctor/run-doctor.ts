import { skipped, type CheckResult, type CheckStatus, type DoctorOptions } from './check';
import { compressionCheck } from './compression-check';
import { directAccessChecks } from './direct-access-check';
import { editorHeadersCheck } from './editor-headers-check';
import { healthChecks } from './health-checks';
import { signInCheck } from './sign-in-check';
import { tokenCheck } from './token-check';

export interface DoctorReport {
  url: string;
  checks: CheckResult[];
  counts: Record<CheckStatus, number>;
}

const afterHealth = ['editor headers', 'sign-in', 'compression', 'direct access', 'API token'];

/**
 * Every check, one after the other (the token is revoked last, after everything else used the
 * service). When the service does not answer its health check the others are skipped: they would
 * only repeat that failure.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const health = await healthChecks(options);
  const checks = [...health.results];
  if (!health.reachable) {
    checks.push(
      ...afterHealth.map((name) =>
        skipped(name, 'not checked: the service did not answer its health check'),
      ),
    );
  } else {
    checks.push(
      await editorHeadersCheck(options),
      await signInCheck(options),
      await compressionCheck(options),
      ...(await directAccessChecks(options)),
      await tokenCheck(options),
    );
  }
  const counts: Record<CheckStatus, number> = { ok: 0, warning: 0, failed: 0, skipped: 0 };
  for (const check of checks) counts[check.status] += 1;
  return { url: options.url, checks, counts };
}

/** The report for people: one line per check, then what a warning or failure means and what to do. */
export function formatReport(report: DoctorReport): string {
  const width = Math.max(...report.checks.map((check) => check.name.length));
  const lines = [`Checking ${report.url}`, ''];
  for (const check of report.checks) {
    lines.push(`${check.status.padEnd(8)} ${check.name.padEnd(width)}  ${check.summary}`);
    const indent = ' '.repeat(8 + 1 + width + 2);
    if (check.means) lines.push(`${indent}means: ${check.means}`);
    if (check.action) lines.push(`${indent}do:    ${check.action}`);
  }
  const { ok, warning, failed, skipped: notRun } = report.counts;
  lines.push(
    '',
    `${ok} ok, ${warning} warning${warning === 1 ? '' : 's'}, ${failed} failed, ${notRun} skipped`,
  );
  return `${lines.join('\n')}\n`;
}
