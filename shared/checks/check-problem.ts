/**
 * What `cms check` and the pull request check report of one file. An error is something the
 * service would refuse to save or could not show as it is; a warning is something a person
 * should know (a file no collection serves, a name served under an encoded slug) that does not
 * stop the editor.
 */
export type CheckSeverity = 'error' | 'warning';

/** The rule a problem comes from, stable for scripts. */
export type CheckRule =
  | 'frontmatter'
  | 'round-trip'
  | 'field'
  | 'relation'
  | 'media'
  | 'slug'
  | 'duplicate-slug'
  | 'unserved';

export interface CheckProblem {
  /** The file, from the repository root, POSIX separators. */
  path: string;
  /** 1-based line in the file, when the frontmatter's parser gives a position. */
  line?: number;
  severity: CheckSeverity;
  rule: CheckRule;
  message: string;
}

export interface CheckReport {
  /** Files checked (items of a collection, and markdown in a collection's directory). */
  checked: number;
  problems: CheckProblem[];
}

export const countOf = (report: CheckReport, severity: CheckSeverity): number =>
  report.problems.filter((problem) => problem.severity === severity).length;
