import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { findRepo, repoPermissions, type Caller } from './access';
import { githubDir, type HostContext } from './context';
import { findToken } from './tokens';
import { spawnGit } from './git-command';

/**
 * Read-only smart HTTP (`git clone`/`fetch`) through `git http-backend`, authenticated like GitHub:
 * basic auth whose password is a user-to-server or installation token. Pushes are refused.
 */

const GIT_PATH =
  /^\/([^/]+)\/([^/]+?)(?:\.git)?(\/(?:info\/refs|git-upload-pack|git-receive-pack|HEAD|objects\/.+))$/;

export function matchGitPath(path: string): { owner: string; name: string; rest: string } | null {
  const match = GIT_PATH.exec(path);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return {
    owner: decodeURIComponent(match[1]),
    name: decodeURIComponent(match[2]),
    rest: match[3],
  };
}

function callerFromBasicAuth(ctx: HostContext, header: string | undefined): Caller {
  const match = /^basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return { kind: 'anonymous' };
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  const record = findToken(ctx, password);
  if (record?.kind === 'user-access') return { kind: 'user', login: record.login };
  if (record?.kind === 'installation')
    return {
      kind: 'installation',
      installationId: record.installationId,
      repositoryIds: record.repositoryIds,
      ...(record.permissions ? { permissions: record.permissions } : {}),
    };
  return { kind: 'anonymous' };
}

function plain(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(`${text}\n`);
}

export async function serveGit(
  ctx: HostContext,
  req: IncomingMessage,
  res: ServerResponse,
  target: { owner: string; name: string; rest: string },
  query: URLSearchParams,
  body: Buffer,
): Promise<void> {
  if (target.rest === '/git-receive-pack' || query.get('service') === 'git-receive-pack') {
    return plain(res, 403, 'Pushing is not supported by the local GitHub host.');
  }
  const caller = callerFromBasicAuth(ctx, req.headers.authorization);
  if (caller.kind === 'anonymous') {
    return plain(res, 401, 'Authentication required.', {
      'www-authenticate': 'Basic realm="GitHub"',
    });
  }
  const repo = findRepo(ctx, target.owner, target.name);
  if (!repo || !repoPermissions(ctx, caller, repo)?.pull)
    return plain(res, 404, 'Repository not found.');

  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    GIT_PROJECT_ROOT: join(githubDir(ctx.dataDir), 'repos'),
    GIT_HTTP_EXPORT_ALL: '1',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    PATH_INFO: `/${repo.owner}/${repo.name}.git${target.rest}`,
    QUERY_STRING: query.toString(),
    REQUEST_METHOD: req.method ?? 'GET',
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    CONTENT_LENGTH: String(body.length),
    REMOTE_USER: caller.kind === 'user' ? caller.login : 'x-access-token',
    REMOTE_ADDR: req.socket.remoteAddress ?? '',
  };
  if (req.headers['content-encoding'])
    env.HTTP_CONTENT_ENCODING = String(req.headers['content-encoding']);
  if (req.headers['git-protocol']) env.GIT_PROTOCOL = String(req.headers['git-protocol']);
  const output = await runCgi(env, body);
  const split =
    output.indexOf('\r\n\r\n') >= 0 ? output.indexOf('\r\n\r\n') : output.indexOf('\n\n');
  const separator = output.indexOf('\r\n\r\n') >= 0 ? 4 : 2;
  const headerText = output.subarray(0, Math.max(split, 0)).toString('utf8');
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of headerText.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'status') status = Number.parseInt(value, 10) || 500;
    else headers[name] = value;
  }
  res.writeHead(status, headers);
  res.end(split < 0 ? Buffer.alloc(0) : output.subarray(split + separator));
}

function runCgi(env: Record<string, string>, body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(['http-backend'], env);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || out.length > 0) return resolve(Buffer.concat(out));
      reject(
        new Error(`git http-backend failed (${code}): ${Buffer.concat(err).toString('utf8')}`),
      );
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(body);
  });
}
