import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import type { TestService } from './local-service';

export const blog = '/api/repos/demo%2Fblog';

/** The local GitHub host's REST API, as `login` (protection and commit statuses are set there, as on GitHub). */
export async function onGitHub(
  github: TestService['github'],
  login: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${github.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${github.issueUserToken(login).access_token}`,
      accept: 'application/vnd.github+json',
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.status === 204 ? undefined : response.json();
}

/** Saves a change of `frontmatter` fields to the draft branch of a post; returns the PUT answer. */
export async function saveDraft(
  api: ApiClient,
  session: string,
  slug: string,
  change: Record<string, unknown>,
  body?: string,
) {
  const item = (await api.get(`${blog}/content/posts/${slug}`, { session })).body;
  const branchItem = await api.get(`${blog}/content/posts/${slug}?branch=cms/posts/${slug}`, {
    session,
  });
  const current = branchItem.status === 200 ? branchItem.body : item;
  const response = await api.put(
    `${blog}/content/posts/${slug}`,
    {
      frontmatter: { ...current.frontmatter, ...change },
      body: body ?? current.body,
      sha: current.sha,
      mode: 'branch',
    },
    { session },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { sha: string; path: string; branch: string };
}

/** Commits straight to the default branch through the API (as another editor would). */
export async function publishDirect(
  api: ApiClient,
  session: string,
  slug: string,
  change: Record<string, unknown>,
  body?: string,
) {
  const item = (await api.get(`${blog}/content/posts/${slug}`, { session })).body;
  const response = await api.put(
    `${blog}/content/posts/${slug}`,
    { frontmatter: { ...item.frontmatter, ...change }, body: body ?? item.body, sha: item.sha },
    { session },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export async function openPull(
  api: ApiClient,
  session: string,
  slug: string,
  title = `Edit ${slug}`,
) {
  const response = await api.post(
    `${blog}/pulls`,
    { branch: `cms/posts/${slug}`, title },
    { session },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { number: number; htmlUrl: string; previewUrl: string | null };
}

const author = { name: 'Demo', email: 'demo@example.com' };

/** `git rev-parse` in a repository of the local host (`rev` may be `branch:path`). */
export function revParse(service: TestService, repo: string, rev: string): string {
  const [owner = '', name = ''] = repo.split('/');
  return execFileSync(
    'git',
    ['--git-dir', service.github.gitDir(owner, name), 'rev-parse', '--verify', '--quiet', rev],
    { encoding: 'utf8' },
  ).trim();
}

/** The object `rev` names, or '' when it names none (a deleted path, a missing branch). */
export function oidOrEmpty(service: TestService, repo: string, rev: string): string {
  try {
    return revParse(service, repo, rev);
  } catch {
    return '';
  }
}

/** The git mode of `path` at `ref`, as `git ls-tree` prints it (e.g. 100644). */
export function modeOf(service: TestService, repo: string, ref: string, path: string): string {
  const [owner = '', name = ''] = repo.split('/');
  return (
    execFileSync(
      'git',
      ['--git-dir', service.github.gitDir(owner, name), 'ls-tree', ref, '--', path],
      { encoding: 'utf8' },
    ).split(' ')[0] ?? ''
  );
}

/**
 * Commits `files` (null deletes) to `branch` of `repo` as someone pushing with git would, creating
 * the branch from `from` (default: main) when it does not exist. Returns the new head.
 */
export async function pushFiles(
  service: TestService,
  repo: string,
  branch: string,
  files: Record<string, string | Buffer | null>,
  from = 'main',
) {
  const [owner = '', name = ''] = repo.split('/');
  const gitDir = service.github.gitDir(owner, name);
  const exists = oidOrEmpty(service, repo, `refs/heads/${branch}`) !== '';
  if (!exists)
    execFileSync('git', [
      '--git-dir',
      gitDir,
      'update-ref',
      `refs/heads/${branch}`,
      revParse(service, repo, from),
    ]);
  const changes = Object.entries(files).map(([path, content]) =>
    content === null ? { path, delete: true as const } : { path, content },
  );
  return (
    await service.github.commitFiles(owner, name, {
      branch,
      message: `Push to ${branch}`,
      author,
      changes,
    })
  ).commitSha;
}

/** Opens a pull request on the host itself (not through the CMS), as demo; `head` may be `owner:branch`. */
export async function openHostPull(
  service: TestService,
  input: { head: string; base?: string; repo?: string; title?: string },
) {
  const token = service.github.issueUserToken('demo').access_token;
  const response = await fetch(
    `${service.github.url}/api/v3/repos/${input.repo ?? 'demo/blog'}/pulls`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: input.title ?? `PR for ${input.head}`,
        head: input.head,
        base: input.base ?? 'main',
      }),
    },
  );
  const body = (await response.json()) as { number: number };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.number;
}
