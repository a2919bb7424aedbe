import { isLanguageFolder, type SiteLocales } from './site-locales';

/**
 * The languages of a site whose generator names none (a plain folder of markdown, Jekyll,
 * Eleventy…), from its folders: a folder holding at least two language folders (`content/en`,
 * `content/fr`) in which the same page sits (`en/about.md` and `fr/about.md`). The default is the
 * one named `en`, or else the one with the most pages, and said so. Undefined when no folder
 * holds two such language folders.
 */
export function folderLocales(
  paths: readonly string[],
): { found: SiteLocales; problem: string } | undefined {
  // Parent folder → language folder → the paths of its files, from that language folder.
  const byParent = new Map<string, Map<string, Set<string>>>();
  for (const path of paths) {
    const segments = path.split('/');
    for (let at = 0; at < segments.length - 1; at += 1) {
      if (!isLanguageFolder(segments[at]!)) continue;
      const parent = segments.slice(0, at).join('/');
      const languages = byParent.get(parent) ?? new Map<string, Set<string>>();
      const rest = languages.get(segments[at]!) ?? new Set<string>();
      rest.add(segments.slice(at + 1).join('/'));
      languages.set(segments[at]!, rest);
      byParent.set(parent, languages);
    }
  }
  for (const [parent, languages] of [...byParent].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // A language folder counts when a page of it sits in another language folder too.
    const mirrored = [...languages].filter(([code, rest]) =>
      [...languages].some(
        ([other, otherRest]) => other !== code && [...rest].some((file) => otherRest.has(file)),
      ),
    );
    if (mirrored.length < 2) continue;
    const codes = mirrored.map(([code]) => code).sort();
    const largest = [...mirrored].sort((a, b) => b[1].size - a[1].size)[0]![0];
    const defaultCode = codes.includes('en') ? 'en' : largest;
    const folder = parent === '' ? '' : `${parent}/`;
    const evidence = `the language folders of ${folder || 'the site root'}`;
    const chosen = defaultCode === 'en' ? 'the one named en' : 'the one with the most pages';
    return {
      found: {
        locales: [defaultCode, ...codes.filter((code) => code !== defaultCode)],
        default: defaultCode,
        evidence,
        structure: 'directories',
        roots: [{ defaultRoot: `${folder}${defaultCode}`, localeRoot: `${folder}{locale}` }],
        everySection: true,
        foldersAreLocales: false,
      },
      problem: `no configuration names the site's languages, so they are these folders' (${codes.join(', ')}), the default ${defaultCode} (${chosen}); change i18n.default if another is`,
    };
  }
  return undefined;
}
