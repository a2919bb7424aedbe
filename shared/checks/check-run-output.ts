import type { CheckAnnotation, CheckRunWrite } from '../ports/check-host';
import { countOf, type CheckProblem, type CheckReport } from './check-problem';

/** The check run's name: what a repository's branch protection requires. */
export const checkRunName = 'CMS content';

/** Annotations beyond this many are left out of a run (the summary says how many there were). */
export const maxAnnotations = 1000;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A problem as GitHub shows it on the file's line; a problem without a line is put on line 1. */
function annotationOf(problem: CheckProblem): CheckAnnotation {
  const line = problem.line ?? 1;
  return {
    path: problem.path,
    startLine: line,
    endLine: line,
    level: problem.severity === 'error' ? 'failure' : 'warning',
    message: problem.message,
    title: `cms check: ${problem.rule}`,
  };
}

/**
 * The run a pull request's check report writes: failure when any file has an error (the CMS
 * would refuse to save it or could not show it), success otherwise (warnings are annotated but
 * pass), neutral when the pull request changes no file the CMS serves.
 */
export function checkRunOf(report: CheckReport, headSha: string): CheckRunWrite {
  const errors = countOf(report, 'error');
  const warnings = countOf(report, 'warning');
  const files = new Set(report.problems.map((problem) => problem.path)).size;
  const annotations = report.problems.slice(0, maxAnnotations).map(annotationOf);
  const left = report.problems.length - annotations.length;
  const checked = `Checked ${plural(report.checked, 'file')} this pull request changes against cms.config.json, by the rules the CMS saves with (the same as \`cms check\`).`;
  if (report.checked === 0)
    return {
      name: checkRunName,
      headSha,
      conclusion: 'neutral',
      title: 'No content file changed',
      summary:
        'This pull request changes no file of a collection of cms.config.json: there is nothing for the CMS to check.',
      annotations: [],
    };
  return {
    name: checkRunName,
    headSha,
    conclusion: errors > 0 ? 'failure' : 'success',
    title:
      errors + warnings === 0
        ? `${plural(report.checked, 'file')} checked, no problem`
        : `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(files, 'file')}`,
    summary: [
      checked,
      errors > 0
        ? `${plural(errors, 'error')}: the CMS would refuse to save these files as they are, or could not show them. Fix them before merging.`
        : undefined,
      warnings > 0
        ? `${plural(warnings, 'warning')}: worth a look; they do not stop the editor.`
        : undefined,
      left > 0
        ? `Only the first ${maxAnnotations} problems are annotated; ${left} more are not shown (run \`cms check\` to see them all).`
        : undefined,
    ]
      .filter((line) => line !== undefined)
      .join('\n\n'),
    annotations,
  };
}

/** The run when the config itself cannot be read: the pull request's fault (failure) only when it changes the config. */
export function configProblemRun(options: {
  headSha: string;
  message: string;
  changedByPull: boolean;
}): CheckRunWrite {
  return {
    name: checkRunName,
    headSha: options.headSha,
    conclusion: options.changedByPull ? 'failure' : 'neutral',
    title: options.changedByPull
      ? 'cms.config.json is not valid'
      : 'cms.config.json cannot be read',
    summary: options.changedByPull
      ? `This pull request changes cms.config.json, and the CMS cannot read it: ${options.message}. Merged, the CMS would stop serving this repository.`
      : `The content was not checked: ${options.message}. This pull request does not change cms.config.json; fix it on the base branch.`,
    annotations: [
      {
        path: 'cms.config.json',
        startLine: 1,
        endLine: 1,
        level: options.changedByPull ? 'failure' : 'warning',
        message: options.message,
        title: 'cms check: config',
      },
    ],
  };
}
