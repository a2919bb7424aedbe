import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

/**
 * Which static site generator a site is built with, read from the generator's own files (its
 * configuration, its package), and the conventions `cms init` follows for it: where content
 * lives, which folders hold templates
 * for new items, and which folders are never content.
 */
export type GeneratorName =
  | 'hugo'
  | 'zola'
  | 'jekyll'
  | 'hexo'
  | 'eleventy'
  | 'starlight'
  | 'astro'
  | 'docusaurus'
  | 'nextjs'
  | 'plain';

export interface Generator {
  name: GeneratorName;
  /** As people write it: "Hugo", "Astro Starlight". */
  label: string;
  /** The file that told us, from the site root; absent for a plain folder of markdown. */
  evidence?: string;
  /** Folders holding content, from the site root; markdown elsewhere is left out. Empty: anywhere. */
  contentRoots: string[];
  /** Folders of templates for new items (Hugo's archetypes, Hexo's scaffolds), from the site root. */
  templateFolders: string[];
  /** Folders that are never content for this generator (layouts, includes, themes…), from the site root. */
  ignoredFolders: string[];
  /**
   * File names of a section's own page (Hugo's and Zola's `_index.md`): listed as an item of its
   * folder's collection, yet no post, so it is not counted when deciding which fields are required.
   */
  sectionPages: string[];
}

/** Reads a text file of the site by its path from the root; undefined when absent or unreadable. */
export type ReadText = (path: string) => string | undefined;

const plain: Generator = {
  name: 'plain',
  label: 'a plain folder of markdown',
  contentRoots: [],
  templateFolders: [],
  ignoredFolders: [],
  sectionPages: [],
};

/**
 * Where a site may sit in its repository: the root, the usual folder of a monorepo's site, or a
 * theme's demonstration site (Hugo themes keep theirs in `exampleSite/`).
 */
const siteBases = ['', 'docs/', 'website/', 'site/', 'www/', 'exampleSite/'];

const firstOf = (paths: ReadonlySet<string>, base: string, names: readonly string[]) =>
  names.map((name) => `${base}${name}`).find((path) => paths.has(path));

function packageDependencies(read: ReadText, path: string): Set<string> {
  try {
    const json = JSON.parse(read(path) ?? '{}') as Record<string, Record<string, string>>;
    return new Set([
      ...Object.keys(json.dependencies ?? {}),
      ...Object.keys(json.devDependencies ?? {}),
    ]);
  } catch {
    return new Set();
  }
}

/** A TOML, JSON or YAML configuration file's top level; empty when absent or unreadable. */
export function parseConfig(path: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const parsed: unknown = path.endsWith('.toml')
      ? parseToml(text)
      : path.endsWith('.json')
        ? JSON.parse(text)
        : parseYaml(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const stringAt = (record: Record<string, unknown>, key: string) =>
  typeof record[key] === 'string' ? (record[key] as string) : undefined;
export const withoutSlashes = (folder: string) => folder.replace(/^\.?\/+|\/+$/g, '');

/** Hugo's content folders: `contentDir`, and each language's own `contentDir` when it has one. */
function hugoContentRoots(config: Record<string, unknown>, base: string): string[] {
  const roots = new Set([withoutSlashes(stringAt(config, 'contentDir') ?? 'content')]);
  const languages = config.languages;
  if (languages && typeof languages === 'object')
    for (const language of Object.values(languages as Record<string, unknown>)) {
      const dir =
        language && typeof language === 'object'
          ? stringAt(language as Record<string, unknown>, 'contentDir')
          : undefined;
      if (dir) roots.add(withoutSlashes(dir));
    }
  return [...roots].map((root) => `${base}${root}`);
}

function detectAt(paths: ReadonlySet<string>, read: ReadText, base: string): Generator | undefined {
  const dependencies = paths.has(`${base}package.json`)
    ? packageDependencies(read, `${base}package.json`)
    : new Set<string>();
  const at = (...folders: string[]) => folders.map((folder) => `${base}${folder}`);

  const docusaurus = firstOf(paths, base, [
    'docusaurus.config.js',
    'docusaurus.config.ts',
    'docusaurus.config.mjs',
  ]);
  if (docusaurus)
    return {
      name: 'docusaurus',
      label: 'Docusaurus',
      evidence: docusaurus,
      contentRoots: at('docs', 'blog', 'i18n', 'versioned_docs', 'src/pages'),
      templateFolders: [],
      ignoredFolders: at('src/components', 'src/theme', 'static', 'build'),
      sectionPages: [],
    };
  const astro = firstOf(paths, base, [
    'astro.config.mjs',
    'astro.config.ts',
    'astro.config.js',
    'astro.config.mts',
  ]);
  if (astro) {
    const starlight = dependencies.has('@astrojs/starlight');
    return {
      name: starlight ? 'starlight' : 'astro',
      label: starlight ? 'Astro Starlight' : 'Astro',
      evidence: astro,
      contentRoots: at(starlight ? 'src/content/docs' : 'src/content', 'src/pages'),
      templateFolders: [],
      ignoredFolders: at('src/components', 'public', 'dist'),
      sectionPages: [],
    };
  }
  const hugoConfig =
    firstOf(paths, base, ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json']) ??
    firstOf(paths, base, ['config.toml', 'config.yaml', 'config.yml', 'config.json']);
  if (hugoConfig) {
    const config = parseConfig(hugoConfig, read(hugoConfig));
    if ('base_url' in config)
      return {
        name: 'zola',
        label: 'Zola',
        evidence: hugoConfig,
        contentRoots: at('content'),
        templateFolders: [],
        ignoredFolders: at('templates', 'themes', 'static', 'sass', 'public'),
        sectionPages: ['_index.md'],
      };
    const hugoish =
      /\/?hugo\.[a-z]+$/.test(hugoConfig) ||
      'baseURL' in config ||
      'baseurl' in config ||
      paths.has(`${base}archetypes/default.md`);
    if (hugoish)
      return {
        name: 'hugo',
        label: 'Hugo',
        evidence: hugoConfig,
        contentRoots: hugoContentRoots(config, base),
        templateFolders: at('archetypes'),
        ignoredFolders: at('layouts', 'themes', 'static', 'assets', 'resources', 'data', 'i18n'),
        // A leaf bundle's index.md is a post; a branch bundle's _index.md is its section's page.
        sectionPages: ['_index.md', '_index.markdown'],
      };
  }
  const jekyllConfig = firstOf(paths, base, ['_config.yml', '_config.yaml', '_config.toml']);
  if (jekyllConfig && (dependencies.has('hexo') || paths.has(`${base}scaffolds/post.md`))) {
    const config = parseConfig(jekyllConfig, read(jekyllConfig));
    return {
      name: 'hexo',
      label: 'Hexo',
      evidence: jekyllConfig,
      contentRoots: at(withoutSlashes(stringAt(config, 'source_dir') ?? 'source')),
      templateFolders: at('scaffolds'),
      ignoredFolders: at('themes', 'public'),
      sectionPages: [],
    };
  }
  if (jekyllConfig) {
    const config = parseConfig(jekyllConfig, read(jekyllConfig));
    const excluded = Array.isArray(config.exclude)
      ? config.exclude.filter((entry): entry is string => typeof entry === 'string')
      : [];
    return {
      name: 'jekyll',
      label: 'Jekyll',
      evidence: jekyllConfig,
      contentRoots: [],
      templateFolders: [],
      ignoredFolders: [
        ...at('_layouts', '_includes', '_sass', '_data', '_site'),
        ...excluded.map((entry) => `${base}${withoutSlashes(entry)}`),
      ],
      sectionPages: [],
    };
  }
  const eleventy = firstOf(paths, base, [
    'eleventy.config.js',
    'eleventy.config.mjs',
    'eleventy.config.cjs',
    'eleventy.config.ts',
    '.eleventy.js',
  ]);
  if (eleventy || dependencies.has('@11ty/eleventy'))
    return {
      name: 'eleventy',
      label: 'Eleventy',
      evidence: eleventy ?? `${base}package.json`,
      contentRoots: [],
      templateFolders: [],
      ignoredFolders: at('_includes', '_data', '_site', 'src/_includes', 'src/_data'),
      sectionPages: [],
    };
  const next = firstOf(paths, base, ['next.config.js', 'next.config.mjs', 'next.config.ts']);
  if (next || dependencies.has('next'))
    return {
      name: 'nextjs',
      label: 'Next.js',
      evidence: next ?? `${base}package.json`,
      contentRoots: [],
      templateFolders: [],
      ignoredFolders: at('components', 'app', '.next', 'out'),
      sectionPages: [],
    };
  return undefined;
}

/** The generator of the site whose files are `paths` (from the root), or a plain folder. */
export function detectGenerator(paths: ReadonlySet<string>, read: ReadText): Generator {
  for (const base of siteBases) {
    if (base !== '' && ![...paths].some((path) => path.startsWith(base))) continue;
    const found = detectAt(paths, read, base);
    if (found) return found;
  }
  return plain;
}
