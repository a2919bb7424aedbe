import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { git } from '../support/real-site-checkout';
import { localRepo, serveRealSites, type ServedRealSites } from '../support/served-real-sites';

/**
 * The two layouts of translations that i18n-items.test.ts does not read, over real HTTP on real
 * sites: Docusaurus's separate content root per locale (KubeVela's site: English in `docs/`,
 * Chinese in `i18n/zh/docusaurus-plugin-content-docs/current/`, some pages not yet translated)
 * and a content folder per language with the default in its own (Docsy's example: `content/en`,
 * `content/no`, `content/fa`). Both are the `directories` structure; the configs are the ones
 * `cms init` proposes for these sites' folders.
 */
let served: ServedRealSites;
let root: string;
let service: TestService;
let api: ApiClient;
let demo: string;

const kubevela = {
  name: 'KubeVela docs',
  i18n: { locales: ['en', 'zh'], default: 'en' },
  collections: {
    tutorials: {
      label: 'Tutorials',
      directory: 'docs/tutorials',
      path: ['{slug}.md', '{slug}.mdx'],
      i18n: {
        structure: 'directories',
        directory: 'i18n/{locale}/docusaurus-plugin-content-docs/current/tutorials',
      },
      fields: [
        { name: 'title', label: 'Title', type: 'string', i18n: 'translate' },
        { name: 'description', label: 'Description', type: 'text', i18n: 'translate' },
      ],
    },
  },
};
const docsy = {
  name: 'Docsy example',
  i18n: { locales: ['en', 'no', 'fa'], default: 'en' },
  collections: {
    docs: {
      label: 'Docs',
      directory: 'content/en/docs',
      i18n: { structure: 'directories', directory: 'content/{locale}/docs' },
      fields: [{ name: 'title', label: 'Title', type: 'string' }],
    },
  },
};

const siteDir = (name: string) => path.join(root, name);
const repo = localRepo;
const changedFiles = (name: string) =>
  git(siteDir(name), 'show', '--name-only', '--format=', 'HEAD').trim().split('\n');
const slugsOf = (items: { slug: string }[]) => items.map((item) => item.slug).sort();
const zhRoot = 'i18n/zh/docusaurus-plugin-content-docs/current/tutorials';
const tutorials = () => `${repo('kubevela-kubevela.io')}/content/tutorials`;

beforeAll(async () => {
  served = await serveRealSites({
    'kubevela-kubevela.io': kubevela,
    'google-docsy-example': docsy,
  });
  ({ root, service, api, demo } = served);
}, 120_000);
afterAll(() => served?.stop());

describe('Docusaurus: a separate content root per locale', () => {
  it('lists the English pages in docs/ and the Chinese ones in the i18n root, .mdx kept', async () => {
    const english = await api.get(tutorials(), { session: demo });
    expect(english.status).toBe(200);
    expect(english.body).toHaveLength(13);
    const chinese = await api.get(`${tutorials()}?locale=zh`, { session: demo });
    expect(chinese.status).toBe(200);
    expect(slugsOf(chinese.body)).toEqual(
      slugsOf(english.body).filter((slug) => slug !== 'k8s-object-rollout'),
    );
    const paths = chinese.body.map((item: { path: string }) => item.path);
    expect(paths).toContain(`${zhRoot}/k8s-object.mdx`);
    expect(paths.every((file: string) => file.startsWith(`${zhRoot}/`))).toBe(true);
  });

  it('reads a page in Chinese, and says which locale lacks one', async () => {
    const chinese = await api.get(`${tutorials()}/webservice?locale=zh`, { session: demo });
    expect(chinese.status).toBe(200);
    expect(chinese.body).toMatchObject({
      locale: 'zh',
      path: `${zhRoot}/webservice.md`,
      frontmatter: { title: '容器镜像' },
    });
    const missing = await api.get(`${tutorials()}/k8s-object-rollout?locale=zh`, {
      session: demo,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Item tutorials/k8s-object-rollout not found in locale zh');
  });

  it('reports the untranslated page missing, then outdated translations after an English edit', async () => {
    const report = async () => {
      service.github.resetRequestCount();
      const answer = await api.get(`${tutorials()}/_translations`, { session: demo });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { body: answer.body, github: service.github.requestCount() };
    };
    const cold = await report();
    expect(cold.body).toMatchObject({ collection: 'tutorials', defaultLocale: 'en', items: 13 });
    expect(cold.body.locales.zh).toMatchObject({
      current: 12,
      outdated: 0,
      missing: 1,
      missingSlugs: ['k8s-object-rollout'],
    });
    // The config and both roots in one read, then when the 25 files last changed: one batch.
    expect(cold.github).toBe(2);

    const english = await api.get(`${tutorials()}/webservice`, { session: demo });
    const saved = await api.put(
      `${tutorials()}/webservice`,
      {
        frontmatter: { ...english.body.frontmatter, title: 'Deploy a Container Image' },
        body: english.body.body,
        sha: english.body.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    expect(changedFiles('kubevela-kubevela.io')).toEqual(['docs/tutorials/webservice.md']);
    const after = await report();
    expect(after.body.locales.zh).toMatchObject({
      current: 11,
      outdated: 1,
      outdatedSlugs: ['webservice'],
    });
  });

  it('creates the missing translation in the Chinese root, touching nothing else', async () => {
    const english = await api.get(`${tutorials()}/k8s-object-rollout`, { session: demo });
    const created = await api.put(
      `${tutorials()}/k8s-object-rollout?locale=zh`,
      { frontmatter: { title: 'K8s 对象的灰度发布' }, body: english.body.body },
      { session: demo },
    );
    expect(created.status).toBe(200);
    expect(changedFiles('kubevela-kubevela.io')).toEqual([`${zhRoot}/k8s-object-rollout.md`]);
    const report = await api.get(`${tutorials()}/_translations`, { session: demo });
    expect(report.body.locales.zh).toMatchObject({ missing: 0, missingSlugs: [] });
  });
});

describe('Docsy: a content folder per language, the default in its own', () => {
  const docs = () => `${repo('google-docsy-example')}/content/docs`;

  it('lists each language from its folder, and reports what Persian and Norwegian lack', async () => {
    const english = await api.get(docs(), { session: demo });
    expect(english.status).toBe(200);
    expect(slugsOf(english.body)).toEqual(
      expect.arrayContaining(['concepts', 'examples', 'overview']),
    );
    const persian = await api.get(`${docs()}?locale=fa`, { session: demo });
    expect(persian.status).toBe(200);
    expect(persian.body.map((item: { path: string }) => item.path)).toContain(
      'content/fa/docs/overview.md',
    );
    const report = await api.get(`${docs()}/_translations`, { session: demo });
    expect(report.status).toBe(200);
    // Five English pages (the section's _index.md among them); Persian has the section page and
    // the overview, Norwegian only its section page (its other folders are sections of its own).
    expect(report.body.items).toBe(5);
    expect(english.body).toHaveLength(5);
    expect(report.body.locales.fa).toMatchObject({
      current: 2,
      missing: 3,
      missingSlugs: ['concepts', 'contribution-guidelines', 'examples'],
    });
    expect(report.body.locales.no).toMatchObject({
      current: 1,
      missing: 4,
      missingSlugs: ['concepts', 'contribution-guidelines', 'examples', 'overview'],
    });
  });
});
