import { countOf, type CheckProblem, type CheckReport } from '../../shared/checks/check-problem';

export const checkFormats = ['text', 'json', 'github'] as const;
export type CheckFormat = (typeof checkFormats)[number];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function byFile(problems: readonly CheckProblem[]): Map<string, CheckProblem[]> {
  const files = new Map<string, CheckProblem[]>();
  for (const problem of problems) {
    const list = files.get(problem.path) ?? [];
    list.push(problem);
    files.set(problem.path, list);
  }
  for (const list of files.values()) list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** For a person: problems grouped by file, each with its line (`-` when unknown), then a summary. */
function text(report: CheckReport): string {
  const lines: string[] = [];
  for (const [path, problems] of byFile(report.problems)) {
    lines.push(path);
    const width = Math.max(...problems.map((p) => String(p.line ?? '-').length));
    for (const problem of problems)
      lines.push(
        `  ${String(problem.line ?? '-').padStart(width)}  ${problem.severity.padEnd(7)}  ${problem.message}  (${problem.rule})`,
      );
    lines.push('');
  }
  const errors = countOf(report, 'error');
  const warnings = countOf(report, 'warning');
  const files = byFile(report.problems).size;
  lines.push(
    errors + warnings === 0
      ? `${plural(report.checked, 'file')} checked: no problems`
      : `${plural(errors, 'error')} and ${plural(warnings, 'warning')} in ${plural(files, 'file')} (${plural(report.checked, 'file')} checked)`,
  );
  return `${lines.join('\n')}\n`;
}

/** GitHub's workflow command escaping: data escapes %, CR, LF; properties also `:` and `,`. */
const escapeData = (value: string) =>
  value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (value: string) =>
  escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One workflow command per problem (`::error file=…,line=…,title=…::message`): GitHub Actions annotates the lines. */
function github(report: CheckReport): string {
  const lines = [...byFile(report.problems).values()].flat().map((problem) => {
    const properties = [
      `file=${escapeProperty(problem.path)}`,
      ...(problem.line === undefined ? [] : [`line=${problem.line}`]),
      `title=${escapeProperty(`cms check (${problem.rule})`)}`,
    ];
    return `::${problem.severity} ${properties.join(',')}::${escapeData(problem.message)}`;
  });
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function json(report: CheckReport): string {
  const problems = [...byFile(report.problems).values()].flat();
  return `${JSON.stringify(
    {
      checked: report.checked,
      errors: countOf(report, 'error'),
      warnings: countOf(report, 'warning'),
      problems,
    },
    null,
    2,
  )}\n`;
}

export const formatReport: Record<CheckFormat, (report: CheckReport) => string> = {
  text,
  json,
  github,
};
