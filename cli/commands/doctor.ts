import { leaf, run } from '../lib/command';
import { normaliseUrl } from '../lib/context';
import { formatReport, runDoctor } from '../lib/doctor/run-doctor';
import { CliError } from '../lib/errors';
import type { Io } from '../lib/io';

interface DoctorFlags {
  token?: string;
  apiUrl: string[];
  githubUrl?: string;
}

/**
 * `cms doctor` (and `npm run smoke`): checks a deployment, or local mode, the way its users reach
 * it (docs/deploy-aws.md, "5. Check the deployment"). Exit 1 when a check failed; warnings and
 * skipped checks do not fail it.
 */
export const doctorCommand = (io: Io) =>
  leaf(
    'doctor',
    "Check a deployment: health, the editor's headers, sign-in, compression, direct access, an API token",
  )
    .option('--token <token>', 'a throwaway API token to use and then REVOKE (never your login)')
    .option(
      '--api-url <url>',
      "the API's own address (the ApiUrl output; repeat for ExecuteApiUrl): it must refuse requests around CloudFront",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--github-url <url>',
      'the GitHub sign-in must lead to (GitHub Enterprise Server); default https://github.com',
    )
    .action(
      run<[], DoctorFlags>(io, async (context, _args, options) => {
        const report = await context.spin(
          'Checking',
          runDoctor({
            url: await context.serviceUrl(),
            token: options.token,
            apiUrls: options.apiUrl.map(normaliseUrl),
            githubUrl:
              options.githubUrl === undefined ? undefined : normaliseUrl(options.githubUrl),
          }),
        );
        context.print(report, () => formatReport(report));
        if (report.counts.failed > 0)
          throw new CliError(`${report.counts.failed} of ${report.checks.length} checks failed`);
      }),
    );
