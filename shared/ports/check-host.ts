import type { RepoId } from './git-host';

/** One annotation of a check run: a file's lines and what is wrong there. */
export interface CheckAnnotation {
  path: string;
  startLine: number;
  endLine: number;
  level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
}

/** A completed check run as the service writes it. */
export interface CheckRunWrite {
  name: string;
  headSha: string;
  conclusion: 'success' | 'failure' | 'neutral';
  title: string;
  summary: string;
  /** Every annotation: the provider takes them in batches (GitHub: 50 per request). */
  annotations: readonly CheckAnnotation[];
}

/** A check run already on the commit, and how many annotations it holds. */
export interface ExistingRun {
  id: number;
  annotations: number;
}

/** A commit's files: path → blob oid; `truncated` when the provider could not list them all. */
export interface CommitFiles {
  files: ReadonlyMap<string, string>;
  truncated: boolean;
}

/** What the App does on one repository to check a pull request, with its own installation token. */
export interface RepoChecks {
  /** The paths a pull request adds or modifies (removed files left out), every page. */
  changedFiles(pull: number): Promise<string[]>;
  /** Every file of a commit, in one read when the provider can. */
  commitFiles(sha: string): Promise<CommitFiles>;
  /** Whole texts of blobs by oid, batched; binary blobs are left out. */
  texts(oids: readonly string[]): Promise<Map<string, string>>;
  /** The App's own check run of this name on the commit, if there is one. */
  findRun(headSha: string, name: string): Promise<ExistingRun | null>;
  /**
   * Creates the run, or completes `existing` with this result and the annotations it lacks (a
   * run's annotations are only ever added to: the first `existing.annotations` are taken as
   * sent); answers the run's id.
   */
  writeRun(run: CheckRunWrite, existing?: ExistingRun): Promise<number>;
}

/**
 * Check runs on the provider (GitHub's Checks API), written by the App itself, never with a
 * user's token: the check belongs to the commit, whoever pushed it.
 */
export interface CheckHost {
  /** The App's access to the repository for checks; null when the App is not installed there. */
  open(repo: RepoId): Promise<RepoChecks | null>;
}
