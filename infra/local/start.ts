import './quiet-warnings';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import '../../shared/zod-locale';
import { formatIssues } from '../../shared/format-issues';
import { createConsoleLogger } from './console-logger';
import { exposedHostWarning } from './host-check';
import { startLocal } from './runtime';
import { SiteError } from '@cms/github-local';
import { parsePreviewFrameOrigins } from '../../shared/pulls/preview-origins';

const port = z.pipe(z.string().check(z.regex(/^\d{1,5}$/)), z.transform(Number));
const Env = z.object({
  PORT: z._default(port, 8787),
  GITHUB_LOCAL_PORT: z._default(port, 8788),
  CMS_DATA_DIR: z._default(z.string().check(z.minLength(1)), '.data'),
  CMS_PUBLIC_URL: z.optional(z.url()),
  HOST: z._default(z.string(), '127.0.0.1'),
  /** API Gateway's integration timeout as the local gateway plays it: 50 to 30,000 ms (HTTP APIs' range); 30,000 by default, as on AWS. */
  CMS_LOCAL_INTEGRATION_TIMEOUT_MS: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{2,5}$/)),
      z.pipe(z.transform(Number), z.number().check(z.gte(50), z.lte(30_000))),
    ),
  ),
  /** What every request to the local GitHub host waits before it is served, as from a cloud region (e.g. 80): 0 to 10,000 ms; 0 by default. */
  CMS_LOCAL_GITHUB_LATENCY_MS: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,5}$/)),
      z.pipe(z.transform(Number), z.number().check(z.lte(10_000))),
    ),
  ),
  /** Preview hosts the editor may frame, separated by commas or spaces (shared/pulls/preview-origins.ts); unset: Cloudflare Pages previews. */
  CMS_PREVIEW_FRAME_ORIGINS: z.optional(
    z.pipe(
      z.string(),
      z.transform((text, context) => {
        try {
          return parsePreviewFrameOrigins(text);
        } catch (error) {
          context.issues.push({ code: 'custom', message: (error as Error).message, input: text });
          return z.NEVER;
        }
      }),
    ),
  ),
});

const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  process.stderr.write(`Invalid environment: ${formatIssues(parsed.error)}\n`);
  process.exit(2);
}
const env = parsed.data;

let sites: string[];
try {
  const { values } = parseArgs({
    options: { site: { type: 'string', multiple: true } },
    strict: true,
    allowPositionals: false,
  });
  // npm runs scripts from the project root; a relative DIR means the directory npm was started in.
  sites = (values.site ?? []).map((dir) =>
    path.resolve(process.env.INIT_CWD ?? process.cwd(), dir),
  );
} catch (error) {
  process.stderr.write(
    `${(error as Error).message}\nUsage: npm start [-- --site DIR [--site DIR …]]\n`,
  );
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webRoot = path.join(root, 'web/dist');
const started = Date.now();
const exposed = exposedHostWarning(env.HOST);
if (exposed) process.stderr.write(`${exposed}\n`);

const runtime = await startLocal({
  dataDir: path.resolve(env.CMS_DATA_DIR),
  port: env.PORT,
  githubPort: env.GITHUB_LOCAL_PORT,
  host: env.HOST,
  publicUrl: env.CMS_PUBLIC_URL,
  previewFrameOrigins: env.CMS_PREVIEW_FRAME_ORIGINS,
  integrationTimeoutMs: env.CMS_LOCAL_INTEGRATION_TIMEOUT_MS,
  githubLatencyMs: env.CMS_LOCAL_GITHUB_LATENCY_MS,
  sites,
  webRoot: existsSync(path.join(webRoot, 'index.html')) ? webRoot : undefined,
  logger: createConsoleLogger(
    (line) => process.stdout.write(`${line}\n`),
    (line) => process.stderr.write(`${line}\n`),
  ),
}).catch((error: unknown) => {
  if (!(error instanceof SiteError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
});

const health = await fetch(`${runtime.url}/api/health`).then(
  (response) => response.json() as Promise<{ status?: string }>,
);
if (health.status !== 'ok') {
  process.stderr.write(`Health check failed: ${JSON.stringify(health)}\n`);
  await runtime.close();
  process.exit(1);
}
const siteLines = runtime.sites.map((site) =>
  site.connected
    ? `Site:               ${site.fullName}  (${site.dir}, branch ${site.defaultBranch}; connected)`
    : `Site:               ${site.fullName}  (${site.dir}) NOT connected: ${site.problem ?? 'unknown reason'}`,
);
process.stdout.write(
  [
    ...siteLines,
    `CMS service:        ${runtime.url}  (editor at ${runtime.url}/app/, API under /api)`,
    `GitHub-compatible:  ${runtime.github.url}  (REST ${runtime.github.url}/api/v3${env.CMS_LOCAL_GITHUB_LATENCY_MS ? `; every request waits ${env.CMS_LOCAL_GITHUB_LATENCY_MS} ms` : ''})`,
    `Data directory:     ${path.resolve(env.CMS_DATA_DIR)}`,
    `ready in ${Date.now() - started} ms — sign in as demo, alice or bob; Ctrl-C stops`,
    '',
  ].join('\n'),
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: stopping…\n`);
  await runtime.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
