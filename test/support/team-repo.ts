import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import type { TestService } from './local-service';

type Roles = NonNullable<Parameters<TestService['github']['createRepository']>[0]['collaborators']>;

const seedBlog = new URL('../../packages/github-local/src/seed-content/blog/', import.meta.url);
/** The seed blog's post that a team repository starts with. */
export const teamPost = '2024-02-14-hello-world';

/**
 * `demo/<name>` on the local host, owned by demo (its admin), with other users in the roles given,
 * the seed blog's cms.config.json and one post, connected to the service by demo: for tests of
 * who may do what by their role on GitHub. Answers the repository's full name.
 */
export async function createTeamRepo(
  service: TestService,
  api: ApiClient,
  demo: string,
  input: { name: string; collaborators?: Roles },
): Promise<string> {
  await service.github.createRepository({
    owner: 'demo',
    name: input.name,
    installApp: true,
    collaborators: input.collaborators ?? {},
  });
  const files = ['cms.config.json', `content/posts/${teamPost}.md`];
  await service.github.commitFiles('demo', input.name, {
    branch: 'main',
    message: 'Add the editor configuration and a post',
    author: { name: 'Demo', email: 'demo@example.com' },
    changes: await Promise.all(
      files.map(async (path) => ({ path, content: await readFile(new URL(path, seedBlog)) })),
    ),
  });
  const fullName = `demo/${input.name}`;
  expect((await api.post('/api/repos', { fullName }, { session: demo })).status).toBe(201);
  return fullName;
}
