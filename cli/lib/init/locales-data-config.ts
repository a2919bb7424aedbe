import { stringAt, withoutSlashes } from './generators';
import type { LocalesReading } from './site-locales';

/**
 * Hugo's `languages` (ordered by `weight`, then as written) and `defaultContentLanguage` (`en`
 * when absent). A language with a `contentDir` of its own is translated by directory; languages
 * sharing the content folder are translated by file name (`about.fr.md`).
 */
export function hugoLocales(
  evidence: string,
  config: Record<string, unknown>,
  base: string,
): LocalesReading {
  const languages = config.languages;
  if (!languages || typeof languages !== 'object') return {};
  const entries = Object.entries(languages as Record<string, unknown>).map(
    ([code, value], index) => {
      const settings = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      const weight = typeof settings.weight === 'number' ? settings.weight : Infinity;
      return { code, contentDir: stringAt(settings, 'contentDir'), weight, index };
    },
  );
  if (entries.length < 2) return {};
  entries.sort((a, b) => a.weight - b.weight || a.index - b.index);
  const defaultCode = stringAt(config, 'defaultContentLanguage') ?? 'en';
  const locales = entries.map((entry) => entry.code);
  if (!locales.includes(defaultCode))
    return {
      problem: `defaultContentLanguage "${defaultCode}" is not among its languages`,
    };
  const topDir = withoutSlashes(stringAt(config, 'contentDir') ?? 'content');
  const others = entries.filter((entry) => entry.code !== defaultCode);
  if (others.every((entry) => entry.contentDir === undefined))
    return {
      found: {
        locales,
        default: defaultCode,
        evidence,
        structure: 'suffix',
        roots: [],
        everySection: true,
        foldersAreLocales: false,
      },
    };
  // Each other language's folder with its code as `{locale}`: they must all say the same.
  const templates = new Set(
    others.map((entry) => {
      const segments = withoutSlashes(entry.contentDir ?? topDir).split('/');
      const at = segments.indexOf(entry.code);
      return at === -1 ? '' : segments.with(at, '{locale}').join('/');
    }),
  );
  const template = templates.size === 1 ? [...templates][0]! : '';
  if (template === '')
    return {
      problem: `the languages' contentDir folders are not one folder named by each language's code (content/{locale}), which a collection's i18n.directory needs`,
    };
  const defaultEntry = entries.find((entry) => entry.code === defaultCode)!;
  return {
    found: {
      locales,
      default: defaultCode,
      evidence,
      structure: 'directories',
      roots: [
        {
          defaultRoot: `${base}${withoutSlashes(defaultEntry.contentDir ?? topDir)}`,
          localeRoot: `${base}${template}`,
        },
      ],
      everySection: true,
      foldersAreLocales: false,
    },
  };
}

/**
 * Hexo's `language` (one code, or a list whose first is the default); pages in other languages
 * live in `source/{locale}/` (its `i18n_dir: :lang`), where Hexo takes any language folder for
 * that language, so folders on disk count too. Posts are translated another way, so only
 * sections with translations on disk are proposed as translated.
 */
export function hexoLocales(
  evidence: string,
  config: Record<string, unknown>,
  base: string,
): LocalesReading {
  const language = config.language;
  const locales = (Array.isArray(language) ? language : [language]).filter(
    (code): code is string => typeof code === 'string' && code !== 'default',
  );
  if (locales.length === 0) return {};
  const source = `${base}${withoutSlashes(stringAt(config, 'source_dir') ?? 'source')}`;
  return {
    found: {
      locales,
      default: locales[0]!,
      evidence,
      structure: 'directories',
      roots: [{ defaultRoot: source, localeRoot: `${source}/{locale}` }],
      everySection: false,
      foldersAreLocales: true,
    },
  };
}

/**
 * Zola's `default_language` (`en` when absent) and its `[languages.*]` tables, the other
 * languages; Zola translates by file name (`about.fr.md`, `_index.fr.md`).
 */
export function zolaLocales(evidence: string, config: Record<string, unknown>): LocalesReading {
  const languages = config.languages;
  if (!languages || typeof languages !== 'object') return {};
  const defaultCode = stringAt(config, 'default_language') ?? 'en';
  const others = Object.keys(languages).filter((code) => code !== defaultCode);
  if (others.length === 0) return {};
  return {
    found: {
      locales: [defaultCode, ...others],
      default: defaultCode,
      evidence,
      structure: 'suffix',
      roots: [],
      everySection: true,
      foldersAreLocales: false,
    },
  };
}
