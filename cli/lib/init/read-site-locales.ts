import { parseConfig, type Generator, type ReadText } from './generators';
import { hexoLocales, hugoLocales, zolaLocales } from './locales-data-config';
import { docusaurusLocales, starlightLocales } from './locales-js-config';
import {
  localeCodePattern,
  maxLocales,
  type LocalesReading,
  type SiteLocales,
} from './site-locales';

const baseOf = (evidence: string) => evidence.slice(0, evidence.lastIndexOf('/') + 1);

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
    case 'zola':
      return zolaLocales(evidence, parseConfig(evidence, text));
    default:
      return {};
  }
}
