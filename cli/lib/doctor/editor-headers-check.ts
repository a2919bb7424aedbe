import {
  editorCspFor,
  editorHeadersFor,
  editorSettingsPath,
  type EditorSettings,
} from '../../../shared/http/editor-headers';
import { defaultPreviewFrameOrigins } from '../../../shared/pulls/preview-origins';
import { failed, passed, type CheckResult, type DoctorOptions } from './check';
import { probe, reasonOf } from './probe';

const name = 'editor headers';
/** Directives where the deployment adds the uploads bucket's origin (https, no path) to what the definition lists. */
const widenedByUploads = new Set(['img-src', 'connect-src']);

/**
 * The editor (`/app/`) arrives with the headers the stack sets, from their one definition
 * (shared/http/editor-headers.ts): the Content-Security-Policy directive by directive, for the
 * preview hosts the deployment frames (its /app/settings.json), plus the uploads bucket's origin
 * the AWS stack adds, and every other security header as defined.
 */
export async function editorHeadersCheck(options: DoctorOptions): Promise<CheckResult> {
  let page;
  try {
    page = await probe(options, `${options.url}/app/`);
  } catch (error) {
    return failed(
      name,
      `cannot load ${options.url}/app/: ${reasonOf(error)}`,
      'Editors cannot open the editor.',
      'Check the distribution and the site bucket (docs/deploy-aws.md, Updating).',
    );
  }
  if (page.status !== 200 || !(page.headers.get('content-type') ?? '').startsWith('text/html')) {
    return failed(
      name,
      `${options.url}/app/ answered ${page.status} ${page.headers.get('content-type') ?? ''}, not the editor's page`,
      'Editors cannot open the editor.',
      'Deploy the built editor: npm run build:web, then cdk deploy (docs/deploy-aws.md, "1. Deploy").',
    );
  }
  const frames = await previewFrameOrigins(options);
  const expected = editorHeadersFor(frames);
  const problems: string[] = [];
  const csp = page.headers.get('content-security-policy');
  if (csp === null) problems.push('no Content-Security-Policy');
  else problems.push(...cspDifferences(csp, editorCspFor(frames)));
  for (const [header, value] of Object.entries(expected)) {
    if (header === 'Content-Security-Policy') continue;
    const got = page.headers.get(header);
    if (got !== value)
      problems.push(got === null ? `no ${header}` : `${header}: ${got} (the stack sets ${value})`);
  }
  if (problems.length > 0) {
    return failed(
      name,
      problems.join('; '),
      "The editor runs without the protection it was built for: an injected script could run with an editor's rights, or another site could frame it.",
      "The editor's headers come from the distribution's response headers policy, built from shared/http/editor-headers.ts: run cdk diff and deploy; a proxy in front of CloudFront must pass them on unchanged.",
    );
  }
  return passed(
    name,
    `Content-Security-Policy and ${Object.keys(expected).length - 1} other security headers as the stack sets them`,
  );
}

/** The preview hosts the deployment lets the editor frame, as it tells the editor; the default when it says nothing. */
async function previewFrameOrigins(options: DoctorOptions): Promise<readonly string[]> {
  try {
    const answer = await probe(options, `${options.url}${editorSettingsPath}`);
    const settings = JSON.parse(answer.text) as Partial<EditorSettings>;
    if (answer.status === 200 && Array.isArray(settings.previewFrameOrigins))
      return settings.previewFrameOrigins.filter(
        (origin): origin is string => typeof origin === 'string',
      );
  } catch {
    // An older deployment without settings.json frames the default hosts.
  }
  return defaultPreviewFrameOrigins;
}

/** A policy as the editor's definition writes it: `name source source; name source`. */
const directivesOf = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([directive, ...sources]) => [directive!.toLowerCase(), sources]),
  );

/** How a received policy differs from the definition's, directive by directive. */
export function cspDifferences(received: string, defined: string): string[] {
  const got = directivesOf(received);
  const want = directivesOf(defined);
  const problems: string[] = [];
  for (const [directive, sources] of want) {
    const actual = got.get(directive);
    if (!actual) {
      problems.push(`the Content-Security-Policy has no ${directive}`);
      continue;
    }
    const missing = sources.filter((source) => !actual.includes(source));
    const extra = actual.filter(
      (source) =>
        !sources.includes(source) &&
        !(widenedByUploads.has(directive) && /^https:\/\/[a-z0-9.-]+$/i.test(source)),
    );
    if (missing.length || extra.length)
      problems.push(
        `Content-Security-Policy ${directive}: ${[...missing.map((source) => `missing ${source}`), ...extra.map((source) => `also ${source}`)].join(', ')}`,
      );
  }
  for (const directive of got.keys())
    if (!want.has(directive))
      problems.push(`Content-Security-Policy has ${directive}, which the stack does not set`);
  return problems;
}
