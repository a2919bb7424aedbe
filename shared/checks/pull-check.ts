import { cmsConfigFileName, type CmsConfig } from '../content/config-schema';
import { parseCmsConfig } from '../content/config-read';
import { InvalidInputError } from '../errors';
import type { Logger } from '../logger';
import type { CheckHost, CheckRunWrite } from '../ports/check-host';
import type { PullCheckJob } from '../ports/index-queue';
import type { Connections } from '../repos/connections';
import { repoId } from '../content/repo-reader';
import { checkRunName, checkRunOf, configProblemRun } from './check-run-output';
import { checkSite } from './check-site';

/** What a check job did: wrote the run, or found nothing to check it on. */
export type PullCheckOutcome = 'checked' | 'not-connected' | 'not-installed';

export interface PullChecksDeps {
  checkHost: CheckHost;
  connections: Pick<Connections, 'get'>;
  logger: Logger;
}

/**
 * The content check of a pull request, as `cms check` runs it in CI, reported on GitHub as one
 * check run (`CMS content`) on its head commit, written with the App's installation token:
 * the files the pull request adds or modifies are checked against the head's `cms.config.json`
 * with the rest of the head's files for relations, media and slugs. Round trips: the pull
 * request's files (one a 100), the head's files (one), their texts and the config's (one a 100),
 * the run on the head (one), its write (one a 50 annotations). The result is a function of the
 * head commit, so a second job for the same head (a re-request, a redelivery) completes the same
 * run again and adds only annotations it lacks: a head has one run, a new head gets its own.
 */
export function createPullChecks(deps: PullChecksDeps) {
  async function result(
    checks: NonNullable<Awaited<ReturnType<CheckHost['open']>>>,
    job: PullCheckJob,
  ): Promise<CheckRunWrite> {
    const { headSha } = job;
    const [changed, head] = await Promise.all([
      checks.changedFiles(job.pull),
      checks.commitFiles(headSha),
    ]);
    if (head.truncated)
      return {
        name: checkRunName,
        headSha,
        conclusion: 'neutral',
        title: 'Too many files to check here',
        summary:
          'GitHub lists this commit only in part (over 100,000 files or 7 MB of names): run `cms check` in CI instead.',
        annotations: [],
      };
    const configOid = head.files.get(cmsConfigFileName);
    const only = new Set(changed.filter((path) => head.files.has(path)));
    const changesConfig = only.has(cmsConfigFileName);
    if (configOid === undefined)
      return configProblemRun({
        headSha,
        message: `there is no ${cmsConfigFileName} at the head of this pull request`,
        changedByPull: false,
      });
    const texts = await checks.texts([
      configOid,
      ...[...only].map((path) => head.files.get(path)!),
    ]);
    let config: CmsConfig;
    try {
      config = parseCmsConfig(texts.get(configOid) ?? '');
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return configProblemRun({ headSha, message: error.message, changedByPull: changesConfig });
    }
    const report = checkSite({
      config,
      paths: [...head.files.keys()],
      read: (path) => texts.get(head.files.get(path) ?? ''),
      only,
    });
    return checkRunOf(report, headSha);
  }

  return {
    async run(job: PullCheckJob): Promise<PullCheckOutcome> {
      if (!(await deps.connections.get(job.repo))) return 'not-connected';
      const checks = await deps.checkHost.open(repoId(job.repo));
      if (!checks) return 'not-installed';
      const [run, existing] = await Promise.all([
        result(checks, job),
        checks.findRun(job.headSha, checkRunName),
      ]);
      await checks.writeRun(run, existing ?? undefined);
      deps.logger.info('Pull request checked', {
        repo: job.repo,
        pull: job.pull,
        conclusion: run.conclusion,
        annotations: run.annotations.length,
      });
      return 'checked';
    },
  };
}

export type PullChecks = ReturnType<typeof createPullChecks>;
