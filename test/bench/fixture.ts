import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestService } from '../support/local-service';

/**
 * The benchmark's content: markdown posts shaped like a real blog (YAML frontmatter, a few
 * paragraphs, ~1.5 KB), the same bytes for our service (a repository on the local host) and for
 * decap-server (a git working tree).
 */
const words =
  'static site content editor markdown frontmatter git branch commit review publish draft preview collection field'.split(
    ' ',
  );
const sentence = (seed: number, length: number) =>
  Array.from({ length }, (_, n) => words[(seed * 7 + n * 13) % words.length])
    .join(' ')
    .replace(/^./, (first) => first.toUpperCase()) + '.';

export const slugOf = (i: number) => `post-${String(i).padStart(4, '0')}`;

export function post(i: number, of: number): string {
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  const paragraphs = Array.from({ length: 4 }, (_, p) =>
    Array.from({ length: 4 }, (_, s) => sentence(i + p * 5 + s, 10 + ((i + s) % 6))).join(' '),
  );
  return [
    '---',
    `title: "Post ${i} of ${of}: ${sentence(i, 4).slice(0, -1)}"`,
    `date: 2024-${month}-${day}`,
    `description: ${sentence(i + 1, 12)}`,
    'tags:',
    `  - ${words[i % words.length]}`,
    `  - ${words[(i + 3) % words.length]}`,
    `draft: ${i % 10 === 0}`,
    '---',
    '',
    `# ${sentence(i, 5)}`,
    '',
    paragraphs.join('\n\n'),
    '',
  ].join('\n');
}

export const postFields = [
  { name: 'title', type: 'string', label: 'Title', required: true },
  { name: 'date', type: 'date', label: 'Date' },
  { name: 'description', type: 'string', label: 'Description' },
  { name: 'tags', type: 'string[]', label: 'Tags' },
  { name: 'draft', type: 'boolean', label: 'Draft' },
];

/** `collections`: name → [directory, number of posts]. */
export async function seedRepository(
  service: TestService,
  name: string,
  collections: Record<string, [directory: string, count: number]>,
) {
  await service.github.createRepository({ owner: 'demo', name, installApp: true });
  // A media directory, so the media operations can be measured in the same repository.
  const config = {
    name: `Bench ${name}`,
    media: { directory: 'static/images', publicPath: '/images' },
    collections: Object.fromEntries(
      Object.entries(collections).map(([collection, [directory, count]]) => [
        collection,
        { label: `${count} posts`, directory, fields: postFields },
      ]),
    ),
  };
  const changes = [{ path: 'cms.config.json', content: JSON.stringify(config, null, 2) }];
  for (const [directory, count] of Object.values(collections))
    for (let i = 0; i < count; i += 1)
      changes.push({ path: `${directory}/${slugOf(i)}.md`, content: post(i, count) });
  await service.github.commitFiles('demo', name, {
    branch: 'main',
    message: 'Seed',
    author: { name: 'Demo', email: 'demo@example.com' },
    changes,
  });
}

/** A git working tree holding the same posts, for decap-server (it reads the files from disk). */
export function writeWorkTree(dir: string, directory: string, count: number) {
  mkdirSync(path.join(dir, directory), { recursive: true });
  for (let i = 0; i < count; i += 1)
    writeFileSync(path.join(dir, directory, `${slugOf(i)}.md`), post(i, count));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      stdio: 'ignore',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Bench',
        GIT_AUTHOR_EMAIL: 'bench@example.com',
        GIT_COMMITTER_NAME: 'Bench',
        GIT_COMMITTER_EMAIL: 'bench@example.com',
      },
    });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'Seed');
}
