import { parseConfig, stringAt, withoutSlashes, type Generator, type ReadText } from './generators';
import {
  jsText,
  literalAfter,
  objectEntries,
  stringAfter,
  stringEntry,
  stringItems,
} from './js-config-text';

/**
 * The languages a site is written in, as its generator's own configuration names them, and where
 * that generator reads each language's pages: `cms init` proposes one collection per section with
 * `i18n` from this, rather than one collection per language folder.
 */
export interface LocaleRoot {
  /** The default locale's folder, from the site root. */
  defaultRoot: string;
  /** Every other locale's folder, from the site root, with `{locale}` once. */
  localeRoot: string;
}

export interface SiteLocales {
  /** In the configuration's order; the default among them. */
  locales: string[];
  default: string;
  /** The file that named them, from the site root. */
  evidence: string;
  structure: 'directories' | 'suffix';
  /** For `directories`: the default locale's content folders and where the others' are. */
  roots: LocaleRoot[];
  /**
   * True when the generator reads every locale's pages at `roots` by its own convention, so that
   * every section there is translated; false when only sections with translations on disk are.
   */
  everySection: boolean;
  /**
   * True when the generator serves a locale-code folder under `localeRoot` as that language even
   * when its configuration does not name it (Hexo's `i18n_dir: :lang`).
   */
  foldersAreLocales: boolean;
}

/** What was read, or why nothing could be: said in `cms init`'s output. */
export type LocalesReading = { found: SiteLocales } | { found?: undefined; problem?: string };

const baseOf = (evidence: string) => evidence.slice(0, evidence.lastIndexOf('/') + 1);

/** The shape of a locale code the config accepts: `en`, `pt-br`, `zh-CN`. */
export const localeCodePattern = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** The most locales a config may name. */
export const maxLocales = 40;

/**
 * The site's locales from its generator's configuration, those the config cannot name left out
 * with a problem each; nothing for a one-language site.
 */
export function readSiteLocales(
  generator: Generator,
  read: ReadText,
): { found?: SiteLocales; problems: string[] } {
  const reading = readConfigured(generator, read);
  if (!reading.found) return { problems: reading.problem ? [reading.problem] : [] };
  const { found } = reading;
  const invalid = found.locales.filter((code) => !localeCodePattern.test(code));
  const problems = invalid.map(
    (code) =>
      `"${code}" is no locale code a config accepts (letters and digits in parts joined by "-": en, pt-br, zh-CN); left out`,
  );
  const locales = found.locales.filter((code) => localeCodePattern.test(code));
  // Hexo's one language may be joined by its language folders (locale-layout.ts).
  if (invalid.includes(found.default) || locales.length < (found.foldersAreLocales ? 1 : 2))
    return { problems: [...problems, 'fewer than two locales a config accepts; no i18n proposed'] };
  if (locales.length > maxLocales)
    return {
      problems: [
        `names ${locales.length} locales, more than the ${maxLocales} a config may hold; no i18n proposed`,
      ],
    };
  return { found: { ...found, locales }, problems };
}

function readConfigured(generator: Generator, read: ReadText): LocalesReading {
  const evidence = generator.evidence;
  if (!evidence) return {};
  const text = read(evidence);
  if (text === undefined) return {};
  const base = baseOf(evidence);
  switch (generator.name) {
    case 'hugo':
      return hugoLocales(evidence, parseConfig(evidence, text), base);
    case 'starlight':
      return starlightLocales(evidence, text, base);
    case 'docusaurus':
      return docusaurusLocales(evidence, text, base);
    case 'hexo':
      return hexoLocales(evidence, parseConfig(evidence, text), base);
    default:
      return {};
  }
}

/**
 * Hugo's `languages` (ordered by `weight`, then as written) and `defaultContentLanguage` (`en`
 * when absent). A language with a `contentDir` of its own is translated by directory; languages
 * sharing the content folder are translated by file name (`about.fr.md`).
 */
function hugoLocales(
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
 * Starlight's `locales` object literal (its keys are the folders; `root` is the default at the top
 * of `src/content/docs`, its `lang` the default's code), or `defaultLocale` naming the default's
 * own folder. A `locales` that is not written out as a literal in the file cannot be read.
 */
function starlightLocales(evidence: string, text: string, base: string): LocalesReading {
  const source = jsText(text);
  const unreadable = {
    problem: `its locales are not written out as plain keys with a lang (computed or imported); no i18n proposed`,
  };
  const object = literalAfter(source, 'locales', '{');
  if (!object) return /\blocales\b/.test(source.code) ? unreadable : {};
  const entries = objectEntries(object);
  if (!entries) return unreadable;
  const docs = `${base}src/content/docs`;
  const root = entries.get('root');
  const keys = [...entries.keys()].filter((key) => key !== 'root');
  if (root) {
    const lang = stringEntry(root, 'lang')?.toLowerCase();
    if (!lang) return unreadable;
    return found([lang, ...keys], lang, `${docs}`);
  }
  const defaultKey = stringAfter(source, 'defaultLocale') ?? keys[0];
  if (!defaultKey || !keys.includes(defaultKey)) return unreadable;
  return found(keys, defaultKey, `${docs}/${defaultKey}`);

  function found(locales: string[], defaultCode: string, defaultRoot: string): LocalesReading {
    if (locales.length < 2) return {};
    return {
      found: {
        locales,
        default: defaultCode,
        evidence,
        structure: 'directories',
        roots: [{ defaultRoot, localeRoot: `${docs}/{locale}` }],
        everySection: true,
        foldersAreLocales: false,
      },
    };
  }
}

/** Docusaurus's `i18n: { defaultLocale, locales: [...] }`; translations in `i18n/{locale}/<plugin>/…`. */
function docusaurusLocales(evidence: string, text: string, base: string): LocalesReading {
  const i18n = literalAfter(jsText(text), 'i18n', '{');
  if (!i18n) return {};
  const list = literalAfter(i18n, 'locales', '[');
  const locales = list ? stringItems(list) : undefined;
  const defaultCode = stringEntry(i18n, 'defaultLocale');
  if (!locales || !defaultCode || !locales.includes(defaultCode))
    return {
      problem: `i18n.locales and i18n.defaultLocale are not written out as plain strings; no i18n proposed`,
    };
  if (locales.length < 2) return {};
  const plugin = (name: string) => `${base}i18n/{locale}/docusaurus-plugin-content-${name}`;
  return {
    found: {
      locales,
      default: defaultCode,
      evidence,
      structure: 'directories',
      roots: [
        { defaultRoot: `${base}docs`, localeRoot: `${plugin('docs')}/current` },
        { defaultRoot: `${base}blog`, localeRoot: plugin('blog') },
        { defaultRoot: `${base}src/pages`, localeRoot: plugin('pages') },
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
function hexoLocales(
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
