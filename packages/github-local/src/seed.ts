import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { HostContext } from './context';
import type { GitIdentity } from './git-write';
import { commitToRepo, createRepository } from './repos';
import type { HostState, RepoRole, UserRecord } from './state';

/**
 * The demo instance: three users, four repositories, one app installed on three of them.
 * Other code and tests rely on these facts; change them together with their consumers.
 */

export const SEED_APP_ID = 100;
export const SEED_APP_SLUG = 'cms-local';
export const SEED_USERS = { demo: 1001, alice: 1002, bob: 1003 } as const;
export const SEED_INSTALLATION_ID = 3001;

const SEED_CONTENT = new URL('./seed-content/', import.meta.url);
const SEED_CREATED_AT = '2024-01-02T09:00:00Z';

function user(
  id: number,
  login: string,
  name: string,
  bio: string | null,
  location: string | null,
): UserRecord {
  return {
    id,
    login,
    name,
    email: `${login}@example.com`,
    company: null,
    location,
    bio,
    blog: '',
    createdAt: SEED_CREATED_AT,
  };
}

/** Users and a freshly generated app (RSA 2048 key, client id and secret); repositories come after. */
export function createSeedState(): HostState {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    version: 1,
    nextIds: { user: 1004, repo: 2001, installation: SEED_INSTALLATION_ID },
    users: [
      user(SEED_USERS.demo, 'demo', 'Demo User', 'Maintains the demo sites.', 'Berlin'),
      user(SEED_USERS.alice, 'alice', 'Alice Martin', 'Writes about publishing workflows.', 'Lyon'),
      user(SEED_USERS.bob, 'bob', 'Bob Chen', null, null),
    ],
    app: {
      id: SEED_APP_ID,
      slug: SEED_APP_SLUG,
      name: 'CMS (local)',
      description: 'The content editing service, as registered on the local GitHub host.',
      ownerLogin: 'demo',
      clientId: `Iv1.${randomBytes(8).toString('hex')}`,
      clientSecret: randomBytes(20).toString('hex'),
      privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      permissions: { checks: 'write', contents: 'write', metadata: 'read', pull_requests: 'write' },
      events: ['check_suite', 'pull_request', 'push'],
      createdAt: SEED_CREATED_AT,
    },
    repos: [],
    installations: [],
    tokens: {},
    oauthCodes: {},
    deviceCodes: {},
  };
}

interface SeedCommit {
  date: string;
  author: 'demo' | 'alice';
  message: string;
  files: string[];
}

interface SeedRepo {
  name: string;
  description: string;
  installApp: boolean;
  collaborators: Record<string, RepoRole>;
  history: SeedCommit[];
}

const POSTS = 'content/posts';

const SEED_REPOS: SeedRepo[] = [
  {
    name: 'blog',
    description: 'The demo blog: posts and pages in markdown.',
    installApp: true,
    collaborators: { alice: 'write' },
    history: [
      {
        date: '2024-01-08T10:12:00Z',
        author: 'demo',
        message: 'Initial commit',
        files: ['README.md'],
      },
      {
        date: '2024-01-09T16:40:00Z',
        author: 'demo',
        message: 'Add content editor configuration, the About page and the authors',
        files: [
          'cms.config.json',
          'content/pages/about.md',
          'content/authors/alice.md',
          'content/authors/demo.md',
          'content/authors/bob.md',
        ],
      },
      {
        date: '2024-02-14T08:30:00Z',
        author: 'alice',
        message: 'Publish "Hello, world"',
        files: [`${POSTS}/2024-02-14-hello-world.md`],
      },
      {
        date: '2024-03-02T11:05:00Z',
        author: 'alice',
        message: 'Add a markdown field guide',
        files: [`${POSTS}/2024-03-02-writing-in-markdown.md`],
      },
      {
        date: '2024-04-18T14:20:00Z',
        author: 'alice',
        message: 'Post: static sites, git, and boring infrastructure',
        files: [`${POSTS}/2024-04-18-static-sites-and-git.md`],
      },
      {
        date: '2024-05-06T09:00:00Z',
        author: 'demo',
        message: 'Start the roadmap post (draft)',
        files: [`${POSTS}/2024-05-06-roadmap.md`],
      },
      {
        date: '2024-05-08T15:10:00Z',
        author: 'alice',
        message: 'Add a first picture to the media folder',
        files: ['static/media/hills.png'],
      },
    ],
  },
  {
    name: 'docs',
    description: 'Product documentation.',
    installApp: true,
    collaborators: {},
    history: [
      {
        date: '2024-01-15T09:30:00Z',
        author: 'demo',
        message: 'Initial commit',
        files: ['README.md', 'cms.config.json'],
      },
      {
        date: '2024-01-16T13:45:00Z',
        author: 'demo',
        message: 'Add getting started and configuration guides',
        files: ['docs/getting-started.md', 'docs/configuration.md'],
      },
    ],
  },
  {
    name: 'no-config',
    description: 'A repository without cms.config.json.',
    installApp: true,
    collaborators: {},
    history: [
      {
        date: '2024-01-20T10:00:00Z',
        author: 'demo',
        message: 'Initial commit',
        files: ['README.md'],
      },
    ],
  },
  {
    name: 'not-installed',
    description: 'A configured repository the app is not installed on.',
    installApp: false,
    collaborators: {},
    history: [
      {
        date: '2024-01-22T10:00:00Z',
        author: 'demo',
        message: 'Initial commit',
        files: ['README.md', 'cms.config.json', 'notes/first-note.md'],
      },
    ],
  },
];

function identity(ctx: HostContext, login: string, date: string): GitIdentity {
  const found = ctx.state.users.find((candidate) => candidate.login === login);
  return { name: found?.name ?? login, email: found?.email ?? `${login}@example.com`, date };
}

/** Creates the seed repositories with their history. `ctx.state` must come from createSeedState(). */
export async function seedRepositories(ctx: HostContext): Promise<void> {
  for (const seed of SEED_REPOS) {
    const repo = await createRepository(ctx, {
      owner: 'demo',
      name: seed.name,
      description: seed.description,
      collaborators: seed.collaborators,
      installApp: seed.installApp,
      createdAt: seed.history[0]?.date,
    });
    for (const commit of seed.history) {
      const changes = await Promise.all(
        commit.files.map(async (path) => ({
          path,
          content: await readFile(new URL(`${seed.name}/${path}`, SEED_CONTENT)),
        })),
      );
      const who = identity(ctx, commit.author, commit.date);
      await commitToRepo(ctx, repo, {
        branch: repo.defaultBranch,
        changes,
        message: `${commit.message}\n`,
        author: who,
        committer: identity(ctx, 'demo', commit.date),
      });
    }
  }
}
