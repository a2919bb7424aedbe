import http from 'node:http';
import {
  failed,
  isLoopbackUrl,
  passed,
  skipped,
  type CheckResult,
  type DoctorOptions,
} from './check';
import { answerText, probe, reasonOf } from './probe';

const name = 'direct access';

/**
 * Requests that go around CloudFront are refused. On AWS each of the API's own addresses (the
 * ApiUrl output, and with an API domain the disabled ExecuteApiUrl) must answer 403: the origin
 * check's `{error}` (the request lacked CloudFront's secret header) or API Gateway's `{message}`
 * (a disabled endpoint). Local mode has no CloudFront: its gateway's Host check is what keeps
 * other sites' pages from reaching it, so that is checked instead.
 */
export async function directAccessChecks(options: DoctorOptions): Promise<CheckResult[]> {
  if (options.apiUrls.length > 0)
    return Promise.all(options.apiUrls.map((apiUrl) => apiAddressCheck(options, apiUrl)));
  if (isLoopbackUrl(options.url)) return [await hostCheck(options.url)];
  return [
    skipped(
      name,
      'pass --api-url with the ApiUrl output (and ExecuteApiUrl, with an API domain) to check that the API refuses requests that do not come through CloudFront',
    ),
  ];
}

async function apiAddressCheck(options: DoctorOptions, apiUrl: string): Promise<CheckResult> {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/health`;
  let answer;
  try {
    answer = await probe(options, url);
  } catch (error) {
    return failed(
      name,
      `cannot reach ${apiUrl}: ${reasonOf(error)}`,
      'Unknown whether the API refuses requests that do not come through CloudFront.',
      'Pass the ApiUrl output (or ExecuteApiUrl) as --api-url, exactly as the stack printed it.',
    );
  }
  if (answer.status === 403) {
    const said = answerText(answer);
    return passed(
      name,
      `${apiUrl} refuses requests that do not come through CloudFront: 403 ${said.startsWith('Forbidden:') ? '(the origin check)' : `(${said}: the endpoint is disabled)`}`,
    );
  }
  return failed(
    name,
    `${url} answered ${answer.status} without CloudFront's origin header`,
    'Anyone who learns this address reaches the API around CloudFront and its WAF.',
    'Keep originVerify on in the environment file (the default) and deploy; with an API domain the execute-api endpoint is disabled as well (docs/deploy-aws.md, "The API only through CloudFront").',
  );
}

/** A request addressed to another host name, as a DNS-rebinding page would send it: the local gateway answers 421. */
function hostCheck(serviceUrl: string): Promise<CheckResult> {
  const target = new URL(serviceUrl);
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port || 80,
        path: '/api/health',
        headers: { host: 'doctor-check.invalid' },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        resolve(
          response.statusCode === 421
            ? passed(
                name,
                'local mode (no CloudFront): the gateway refuses a request addressed to another host name (421)',
              )
            : failed(
                name,
                `local mode: a request addressed to doctor-check.invalid answered ${response.statusCode}, not 421`,
                'A web page could reach the local service through DNS rebinding.',
                'Run the service with npm start from this repository (it checks the Host header; docs/security.md, "Local mode security").',
              ),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', (error) =>
      resolve(
        failed(
          name,
          `local mode: cannot reach ${serviceUrl}: ${error.message}`,
          'Nobody can use the service at this address.',
          'Start it with npm start.',
        ),
      ),
    );
  });
}
