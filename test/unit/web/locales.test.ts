import { describe, expect, it } from 'vitest';
import type { CmsConfig, CollectionConfig } from '../../../shared/content/config-schema';
import { draftKey } from '../../../web/src/lib/local-drafts';
import { localeLabel, screenLocalesOf, translationStatusesOf } from '../../../web/src/lib/locales';

const guides = {
  label: 'Guides',
  directory: 'content/guides',
  i18n: { structure: 'directories', directory: 'content/{locale}/guides' },
  fields: [],
} as unknown as CollectionConfig;
const posts = {
  label: 'Posts',
  directory: 'content/posts',
  fields: [],
} as unknown as CollectionConfig;
const config = {
  i18n: { locales: ['en', 'fr', 'de'], default: 'en' },
  collections: { guides, posts },
} as unknown as CmsConfig;

describe('the locales a list or an item offers', () => {
  it("names the repository's locales, the current one from the address, and no query for the default", () => {
    expect(screenLocalesOf({ config, collection: guides, locale: undefined })).toEqual({
      locales: ['en', 'fr', 'de'],
      default: 'en',
      current: 'en',
      query: undefined,
    });
    expect(screenLocalesOf({ config, collection: guides, locale: 'fr' })).toMatchObject({
      current: 'fr',
      query: 'fr',
    });
    // The default named in the address reads as the default: the same requests as without it.
    expect(screenLocalesOf({ config, collection: guides, locale: 'en' })?.query).toBeUndefined();
  });

  it("takes a collection's own locales and default over the repository's", () => {
    const narrowed = {
      ...guides,
      i18n: { ...guides.i18n, locales: ['fr', 'en'], default: 'fr' },
    } as CollectionConfig;
    expect(screenLocalesOf({ config, collection: narrowed, locale: undefined })).toMatchObject({
      locales: ['fr', 'en'],
      default: 'fr',
      current: 'fr',
    });
  });

  it('offers nothing for an untranslated collection or an unknown one', () => {
    expect(screenLocalesOf({ config, collection: posts, locale: 'fr' })).toBeUndefined();
    expect(screenLocalesOf({ config, collection: undefined, locale: 'fr' })).toBeUndefined();
  });

  it('reads a locale as a person does, the code kept', () => {
    expect(localeLabel('fr')).toBe('French (fr)');
    expect(localeLabel('pt-BR')).toBe('Brazilian Portuguese (pt-BR)');
    expect(localeLabel('qqq')).toBe('qqq');
  });

  it("keeps a translation's unsaved edits apart from the default locale's", () => {
    expect(draftKey('acme/site', 'guides', 'install')).toBe('cms:draft:acme/site:guides:install');
    expect(draftKey('acme/site', 'guides', 'install', 'fr')).not.toBe(
      draftKey('acme/site', 'guides', 'install'),
    );
  });

  it("reads an item's status per locale from the collection's report, the current ones left out", () => {
    const report = {
      locales: {
        fr: { missingSlugs: ['deploy'], outdatedSlugs: ['install'] },
        de: { missingSlugs: ['deploy', 'install'], outdatedSlugs: [] },
        es: { missingSlugs: [], outdatedSlugs: [] },
      },
    };
    expect([...translationStatusesOf(report, 'install')]).toEqual([
      ['fr', 'outdated'],
      ['de', 'missing'],
    ]);
    expect([...translationStatusesOf(report, 'about')]).toEqual([]);
    expect([...translationStatusesOf(undefined, 'install')]).toEqual([]);
  });
});
