import { failed, isLoopbackUrl, passed, type CheckResult, type DoctorOptions } from './check';
import { answerText, probe, reasonOf } from './probe';

const name = 'sign-in';

/**
 * `GET /auth/login` sends the browser to the configured GitHub's authorize page, for the App,
 * with PKCE (S256) and a state, and asks GitHub to send it back to this very address. (It writes
 * one short-lived OAuth state record, as any visit to the sign-in button does.)
 */
export async function signInCheck(options: DoctorOptions): Promise<CheckResult> {
  let answer;
  try {
    answer = await probe(options, `${options.url}/auth/login`);
  } catch (error) {
    return failed(
      name,
      `cannot reach ${options.url}/auth/login: ${reasonOf(error)}`,
      'Nobody can sign in.',
      "Check the distribution's /auth/* behaviour (cdk diff).",
    );
  }
  if (answer.status === 503)
    return failed(
      name,
      `/auth/login answered 503: ${answerText(answer)}`,
      'Nobody can sign in.',
      'Fill in the GitHub App secret (docs/deploy-aws.md, "3. Fill in the secrets").',
    );
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location)
    return failed(
      name,
      `/auth/login answered ${answer.status} ${answerText(answer)}, not a redirect to GitHub`,
      'Nobody can sign in.',
      "Read the session function's log for the request (docs/deploy-aws.md, Monitoring).",
    );
  const target = new URL(location, options.url);
  const query = target.searchParams;
  const callback = `${options.url}/auth/callback`;
  const github = expectedGitHub(options);
  const logs = "Read the session function's log for the request (docs/deploy-aws.md, Monitoring).";
  const problems: [problem: string, action: string][] = [
    ...(github.matches(target.origin)
      ? []
      : [
          [
            `it leads to ${target.origin}, not ${github.label}`,
            'Set githubEnterpriseUrl in the environment file to your GitHub (leave it out for github.com) and deploy.',
          ] as [string, string],
        ]),
    ...(target.pathname.endsWith('/login/oauth/authorize')
      ? []
      : [
          [`it leads to ${target.pathname}, not GitHub's /login/oauth/authorize`, logs] as [
            string,
            string,
          ],
        ]),
    ...(query.get('redirect_uri') === callback
      ? []
      : [
          [
            `GitHub would send people back to ${query.get('redirect_uri') ?? 'nowhere'}, not ${callback}`,
            'Use the SiteUrl output as --url: the service takes its address from the environment file\'s domainName (docs/deploy-aws.md, "Your own domain").',
          ] as [string, string],
        ]),
    ...(query.get('client_id') &&
    query.get('state') &&
    query.get('code_challenge') &&
    query.get('code_challenge_method') === 'S256'
      ? []
      : [['no client_id, state or PKCE S256 challenge', logs] as [string, string]]),
  ];
  if (problems.length > 0) {
    return failed(
      name,
      `/auth/login redirects, but ${problems.map(([problem]) => problem).join('; ')}`,
      'Sign-in fails at GitHub, or returns people to another address whose cookies this one cannot read.',
      [...new Set(problems.map(([, action]) => action))].join(' '),
    );
  }
  return passed(
    name,
    `/auth/login redirects to ${target.origin}${target.pathname} (client ${query.get('client_id')}, PKCE S256), back to ${callback}`,
  );
}

/** Where sign-in must lead: the operator's GitHub; github.com by default; local mode's own host when the service is local. */
function expectedGitHub(options: DoctorOptions): {
  label: string;
  matches(origin: string): boolean;
} {
  if (options.githubUrl) {
    const origin = new URL(options.githubUrl).origin;
    return { label: origin, matches: (found) => found === origin };
  }
  if (isLoopbackUrl(options.url))
    return { label: 'a local GitHub host (local mode)', matches: (found) => isLoopbackUrl(found) };
  return {
    label: 'https://github.com (pass --github-url for GitHub Enterprise Server)',
    matches: (found) => found === 'https://github.com',
  };
}
