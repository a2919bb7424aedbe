import * as z from 'zod/mini';
import '../../zod-locale';
import { directoryProblem, normaliseDirectory } from '../repo-path';

/**
 * Translations (issue #36): `i18n` at the repository level names the locales and the default; a
 * collection is translated only when it has its own `i18n`, naming how its translations are laid
 * out (`structure`) and possibly narrowing the locales. Each field says how it is translated
 * (`translate`, `duplicate`, `shared`). The checks that need both levels (a collection's locales
 * among the repository's, a default among the locales) sit on the whole config (config-schema.ts).
 */

/** BCP 47-like: `en`, `pt-br`, `pt-BR`, `zh-cn`; it becomes a folder name or a file name suffix. */
export const localePattern = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
export const maxLocales = 40;
export const localePlaceholder = '{locale}';
export const i18nStructures = ['directories', 'suffix'] as const;
export const fieldI18nModes = ['translate', 'duplicate', 'shared'] as const;

export type I18nStructure = (typeof i18nStructures)[number];
export type FieldI18nMode = (typeof fieldI18nModes)[number];

const localeMessage =
  'expected a locale code such as "en", "pt-br" or "zh-CN": 2 or 3 lowercase letters, then parts of "-" and 2 to 8 letters or digits';

export const LocaleSchema = z.string().check(z.regex(localePattern, localeMessage));

export const LocalesSchema = z.array(LocaleSchema).check(
  z.superRefine((locales, ctx) => {
    const issue = (message: string, at: number[] = []) =>
      ctx.issues.push({ code: 'custom', message, path: at, input: locales });
    if (locales.length === 0) issue('must list at least one locale');
    else if (locales.length > maxLocales) issue(`must list at most ${maxLocales} locales`);
    else
      locales.forEach((locale, n) => {
        if (locales.indexOf(locale) !== n) issue(`"${locale}" is listed twice`, [n]);
      });
  }),
);

/** The repository's locales and its default locale, shared by its translated collections. */
export const RepoI18nSchema = z
  .strictObject(
    { locales: LocalesSchema, default: LocaleSchema.clone() },
    { error: (issue) => (issue.code === 'invalid_type' ? expectedRepoI18n : undefined) },
  )
  .check(
    z.superRefine((i18n, ctx) => {
      if (!i18n.locales.includes(i18n.default))
        ctx.issues.push({
          code: 'custom',
          message: `must be one of "locales" (${i18n.locales.join(', ')})`,
          path: ['default'],
          input: i18n.default,
        });
    }),
  );

const expectedRepoI18n = 'expected {"locales": ["en", "fr"], "default": "en"}';
const expectedCollectionI18n =
  'expected {"structure": "directories", "directory": "…/{locale}/…"} or {"structure": "suffix"}: name how the translations are laid out';

/**
 * Why `template` (already normalised) is not a directory template for the other locales, or
 * undefined when it is: `{locale}` exactly once, no other placeholder, and a valid directory once
 * a locale fills it.
 */
export function localeDirectoryProblem(template: string): string | undefined {
  if (template.split(localePlaceholder).length !== 2)
    return `must contain "${localePlaceholder}" exactly once`;
  if (/[{}]/.test(template.replace(localePlaceholder, '')))
    return `may hold no placeholder but "${localePlaceholder}"`;
  return directoryProblem(template.replace(localePlaceholder, 'xx'));
}

/**
 * A collection's translations: `directories` (the collection's `directory` holds the default
 * locale's items, `directory` here every other locale's, `{locale}` filled in) or `suffix` (one
 * directory; `{slug}.fr.md`, `{slug}/index.fr.md`; the default locale's files have no suffix unless
 * `suffixDefault`).
 */
export const CollectionI18nSchema = z
  .strictObject(
    {
      structure: z.enum(i18nStructures, {
        error: () => `expected "directories" or "suffix"`,
      }),
      directory: z.optional(
        z.string().check(
          z.overwrite(normaliseDirectory),
          z.superRefine((template, ctx) => {
            const problem = localeDirectoryProblem(template);
            if (problem) ctx.issues.push({ code: 'custom', message: problem, input: template });
          }),
        ),
      ),
      suffixDefault: z.optional(z.boolean()),
      locales: z.optional(LocalesSchema.clone()),
      default: z.optional(LocaleSchema.clone()),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? expectedCollectionI18n : undefined) },
  )
  .check(
    z.superRefine((i18n, ctx) => {
      const issue = (message: string, path: string) =>
        ctx.issues.push({ code: 'custom', message, path: [path], input: i18n });
      if (i18n.structure === 'directories' && i18n.directory === undefined)
        issue(
          `"directories" needs "directory": where the other locales' items are, with "${localePlaceholder}" (e.g. "content/${localePlaceholder}/posts")`,
          'directory',
        );
      if (i18n.structure === 'suffix' && i18n.directory !== undefined)
        issue('only "directories" takes "directory" ("suffix" keeps one directory)', 'directory');
      if (i18n.structure === 'directories' && i18n.suffixDefault !== undefined)
        issue('only "suffix" takes "suffixDefault"', 'suffixDefault');
    }),
  );

export const FieldI18nSchema = z.enum(fieldI18nModes, {
  error: () =>
    'expected "translate" (each locale its own value), "duplicate" (copied to a new translation) or "shared" (equal in every locale)',
});

export type RepoI18n = z.infer<typeof RepoI18nSchema>;
export type CollectionI18n = z.infer<typeof CollectionI18nSchema>;

/** A translated collection's i18n with the repository's filled in: what every reader uses. */
export interface CollectionLocales {
  structure: I18nStructure;
  locales: readonly string[];
  default: string;
  /** `directories`: the other locales' directory, with `{locale}`. */
  directory?: string;
  suffixDefault: boolean;
}

/**
 * The locales of a collection of a valid config, or undefined when it is not translated. The
 * config's checks (config-schema.ts) make sure the locales and the default are known.
 */
export function collectionLocalesOf(
  repo: RepoI18n | undefined,
  i18n: CollectionI18n | undefined,
): CollectionLocales | undefined {
  if (!i18n) return undefined;
  return {
    structure: i18n.structure,
    locales: i18n.locales ?? repo?.locales ?? [],
    default: i18n.default ?? repo?.default ?? '',
    ...(i18n.directory !== undefined && { directory: i18n.directory }),
    suffixDefault: i18n.suffixDefault === true,
  };
}

/**
 * Why a collection's `i18n` does not fit the repository's, as [path under `i18n`, message], or
 * undefined when it does: without a repository `i18n` the collection names both its locales and
 * its default; its locales are among the repository's; its default among its locales.
 */
export function collectionI18nProblem(
  repo: RepoI18n | undefined,
  i18n: CollectionI18n,
): [path: string, message: string] | undefined {
  if (!repo && i18n.locales === undefined)
    return [
      'locales',
      'is required when the config has no top-level "i18n" (or add {"locales", "default"} there)',
    ];
  if (!repo && i18n.default === undefined)
    return [
      'default',
      'is required when the config has no top-level "i18n" (or add {"locales", "default"} there)',
    ];
  const unknown = repo && i18n.locales?.find((locale) => !repo.locales.includes(locale));
  if (repo && unknown !== undefined)
    return [
      'locales',
      `"${unknown}" is not one of the config's locales (${repo.locales.join(', ')})`,
    ];
  const { locales, default: fallback } = collectionLocalesOf(repo, i18n)!;
  if (!locales.includes(fallback))
    return [
      i18n.default === undefined ? 'locales' : 'default',
      i18n.default === undefined
        ? `must include the default locale "${fallback}" (or name another "default")`
        : `must be one of the locales (${locales.join(', ')})`,
    ];
  return undefined;
}
