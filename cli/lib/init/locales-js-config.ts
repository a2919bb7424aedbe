import {
  jsText,
  literalAfter,
  objectEntries,
  stringAfter,
  stringEntry,
  stringItems,
} from './js-config-text';
import type { LocalesReading } from './site-locales';

/**
 * Starlight's `locales` object literal (its keys are the folders; `root` is the default at the top
 * of `src/content/docs`, its `lang` the default's code), or `defaultLocale` naming the default's
 * own folder. A `locales` that is not written out as a literal in the file cannot be read.
 */
export function starlightLocales(evidence: string, text: string, base: string): LocalesReading {
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
export function docusaurusLocales(evidence: string, text: string, base: string): LocalesReading {
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
