import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferSite } from '../../../cli/lib/init/infer-site';
import { git, writeFiles } from '../../support/real-site-checkout';

/**
 * `cms init` on sites whose generator has no configuration of languages (a plain folder of
 * markdown, Jekyll): language folders holding the same pages are the locales, and it says which
 * default it chose.
 */
let root: string;
let count = 0;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cms-init-locale-folders-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (title: string) => `---\ntitle: ${title}\n---\nText.\n`;

function site(paths: string[]): string {
  count += 1;
  const dir = join(root, `site-${count}`);
  writeFiles(
    dir,
    paths.map((path) => ({ path, content: page(path) })),
  );
  git(dir, 'init', '--quiet');
  git(dir, 'add', '--all');
  return dir;
}

describe('language folders of a site no configuration speaks for', () => {
  it('proposes content/en as the default and content/{locale} for the others, saying so', async () => {
    const inferred = await inferSite(
      site([
        'content/de/guides/start.md',
        'content/en/guides/start.md',
        'content/en/guides/deploy.md',
        'content/en/about.md',
        'content/en/faq.md',
        'content/fr/about.md',
        'content/fr/guides/start.md',
      ]),
    );

    expect(inferred.config.i18n).toEqual({ locales: ['en', 'de', 'fr'], default: 'en' });
    expect(
      Object.entries(inferred.config.collections).map(([name, c]) => [name, c.directory, c.i18n]),
    ).toEqual([
      ['en', 'content/en', { structure: 'directories', directory: 'content/{locale}' }],
      [
        'guides',
        'content/en/guides',
        { structure: 'directories', directory: 'content/{locale}/guides' },
      ],
    ]);
    expect(inferred.notes).toContainEqual({
      kind: 'locales',
      where: 'the language folders of content/',
      message:
        "no configuration names the site's languages, so they are these folders' (de, en, fr), the default en (the one named en); change i18n.default if another is",
    });
  });

  it('takes the language folder with the most pages as the default when none is named en', async () => {
    const inferred = await inferSite(
      site(['docs/de/a.md', 'docs/de/b.md', 'docs/fr/a.md', 'docs/fr/b.md', 'docs/fr/c.md']),
    );

    expect(inferred.config.i18n).toEqual({ locales: ['fr', 'de'], default: 'fr' });
    expect(inferred.config.collections.fr!.i18n).toEqual({
      structure: 'directories',
      directory: 'docs/{locale}',
    });
  });

  it('reads folders named like languages that hold different pages, or one language folder, as plain folders', async () => {
    const inferred = await inferSite(
      site(['docs/go/install.md', 'docs/os/linux.md', 'posts/a.md', 'posts/fr/a.md']),
    );

    expect(inferred.config.i18n).toBeUndefined();
    expect(Object.keys(inferred.config.collections)).toEqual(['go', 'os', 'posts', 'fr']);
  });
});
