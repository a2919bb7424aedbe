import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, table } from './markdown';

/**
 * The editor's JavaScript per screen, gzipped, as a browser downloads it: every screen loads the
 * entry and its static imports; the item list and the editor add their lazily loaded chunk and
 * its imports, the editor its body editor (the markdown one, or the rich-text one when chosen)
 * and on wide screens its markdown preview too, with MDX's reader for an .mdx item; what a screen loads only when
 * asked (a dialog's diff, the reviews and tokens screens' own code) is listed apart. Built with the
 * project's own Vite configuration into a throwaway directory, sizes read from Vite's manifest.
 */

/** The part of Vite's build manifest this reads. */
export type ViteManifest = Record<
  string,
  {
    file: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
  }
>;

export const webTargets = { listPageGzip: 100 * 1024, anyScreenGzip: 250 * 1024 };

/** The editor's page; the build's other HTML entries (the API reference, api-docs.html) are pages of their own, which no screen loads. */
const EDITOR_ENTRY = 'index.html';
const EDITOR_CHUNK = 'src/components/editor/editor-page.tsx';
/** The item list, loaded with the shell when it is not a chunk of its own. */
const LIST_CHUNK = 'src/components/items/item-list-page.tsx';
/** The markdown preview's renderer: loaded lazily, but at once on wide screens, where the preview sits beside the body. */
const PREVIEW_CHUNK = 'src/lib/markdown.ts';
/** The body's markdown editor (CodeMirror): loaded lazily, but at once in markdown mode, the default. */
const MARKDOWN_EDITOR_CHUNK = 'src/components/editor/markdown-editor.tsx';
/** The body's rich-text editor (ProseMirror): loaded instead of the markdown one when the writer chooses rich text. */
const RICH_TEXT_CHUNK = 'src/components/editor/rich-text-editor.tsx';
/** MDX's reader for the preview: loaded with the preview of an .mdx item only. */
const MDX_PREVIEW_CHUNK = 'src/lib/mdx/mdx-blocks.ts';
/** MDX's reader for rich text: loaded with the rich-text editor of an .mdx item only. */
const MDX_RICH_TEXT_CHUNK = 'src/lib/rich-text/mdx-syntax.ts';

export interface ScreenSize {
  screen: string;
  files: string[];
  gzipBytes: number;
  /** The screen's name in the targets table. */
  short?: string;
}

/** The files a manifest entry loads at once (itself and its static imports, transitively), in load order. */
export function staticClosure(
  manifest: ViteManifest,
  key: string,
  seen = new Set<string>(),
): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [
    ...(entry.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen)),
    entry.file,
  ].filter((file, index, all) => all.indexOf(file) === index);
}

/** Screens and on-demand chunks, with their gzipped JavaScript; `gzipOf` answers a file's gzipped size. */
export function screenSizes(manifest: ViteManifest, gzipOf: (file: string) => number): WebSizes {
  const entryKey = manifest[EDITOR_ENTRY]?.isEntry ? EDITOR_ENTRY : undefined;
  if (!entryKey) throw new Error(`bench: the build manifest has no entry ${EDITOR_ENTRY}`);
  const sum = (files: string[]) =>
    files.filter((file) => file.endsWith('.js')).reduce((total, file) => total + gzipOf(file), 0);
  const shell = staticClosure(manifest, entryKey);
  const union = (...keys: string[]) => [
    ...new Set([...shell, ...keys.flatMap((key) => staticClosure(manifest, key))]),
  ];
  const lazy = (key: string) => manifest[key]?.isDynamicEntry === true;
  const body = lazy(MARKDOWN_EDITOR_CHUNK) ? [MARKDOWN_EDITOR_CHUNK] : [];
  const list = union(LIST_CHUNK);
  const editor = union(EDITOR_CHUNK, ...body);
  const screens = [
    { screen: 'the item list (and the shell every screen loads)', files: list, short: 'the list' },
    { screen: 'the editor (an item open)', files: editor, short: 'the editor' },
    ...(lazy(PREVIEW_CHUNK)
      ? [
          {
            screen: 'the editor with its markdown preview shown (wide screens)',
            files: union(EDITOR_CHUNK, ...body, PREVIEW_CHUNK),
            short: 'the editor with its preview',
          },
        ]
      : []),
    ...(lazy(RICH_TEXT_CHUNK)
      ? [
          {
            screen: 'the editor in rich-text mode',
            files: union(EDITOR_CHUNK, RICH_TEXT_CHUNK),
            short: 'the editor in rich-text mode',
          },
        ]
      : []),
    ...(lazy(RICH_TEXT_CHUNK) && lazy(PREVIEW_CHUNK)
      ? [
          {
            screen: 'the editor in rich-text mode with its markdown preview (wide screens)',
            files: union(EDITOR_CHUNK, RICH_TEXT_CHUNK, PREVIEW_CHUNK),
            short: 'the rich-text editor with its preview',
          },
        ]
      : []),
    // An .mdx item adds MDX's reader to the preview and to the rich-text editor.
    ...(lazy(PREVIEW_CHUNK) && lazy(MDX_PREVIEW_CHUNK)
      ? [
          {
            screen: 'the editor with an .mdx item and its preview (wide screens)',
            files: union(EDITOR_CHUNK, ...body, PREVIEW_CHUNK, MDX_PREVIEW_CHUNK),
            short: 'the editor with an .mdx item and its preview',
          },
        ]
      : []),
    ...(lazy(RICH_TEXT_CHUNK) &&
    lazy(PREVIEW_CHUNK) &&
    lazy(MDX_PREVIEW_CHUNK) &&
    lazy(MDX_RICH_TEXT_CHUNK)
      ? [
          {
            screen: 'the editor in rich-text mode with an .mdx item and its preview (wide screens)',
            files: union(
              EDITOR_CHUNK,
              RICH_TEXT_CHUNK,
              MDX_RICH_TEXT_CHUNK,
              PREVIEW_CHUNK,
              MDX_PREVIEW_CHUNK,
            ),
            short: 'the rich-text editor with an .mdx item and its preview',
          },
        ]
      : []),
  ].map((screen) => ({ ...screen, gzipBytes: sum(screen.files) }));
  const screenChunks = [
    EDITOR_CHUNK,
    PREVIEW_CHUNK,
    LIST_CHUNK,
    MARKDOWN_EDITOR_CHUNK,
    RICH_TEXT_CHUNK,
    MDX_PREVIEW_CHUNK,
    MDX_RICH_TEXT_CHUNK,
  ];
  const onDemand = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && !screenChunks.includes(key))
    .map((key) => {
      const files = staticClosure(manifest, key).filter((file) => !editor.includes(file));
      return { screen: key.replace(/^src\//, 'web/src/'), files, gzipBytes: sum(files) };
    });
  const pages = Object.keys(manifest)
    .filter((key) => manifest[key]?.isEntry && key !== entryKey)
    .map((key) => {
      const files = staticClosure(manifest, key);
      return { screen: `web/${key}`, files, gzipBytes: sum(files) };
    });
  return { screens, onDemand, pages };
}

export async function measureWebSizes(progress: (line: string) => void): Promise<WebSizes> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'cms-bench-web-'));
  try {
    progress('web: building the editor to measure its JavaScript per screen');
    const { build } = await import('vite');
    const root = path.resolve(import.meta.dirname, '../..');
    await build({
      configFile: path.join(root, 'web/vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
    });
    const manifest = JSON.parse(
      readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
    ) as ViteManifest;
    return screenSizes(manifest, (file) => gzipSync(readFileSync(path.join(outDir, file))).length);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export interface WebSizes {
  screens: ScreenSize[];
  onDemand: ScreenSize[];
  /** The build's other pages (the API reference), with everything they load. */
  pages: ScreenSize[];
}

export function renderWebSizes(sizes: WebSizes): string {
  return `## Editor JavaScript per screen

Gzipped, as a browser downloads it on a first visit: the entry and its static imports, plus the
screen's own chunk (the item list's, the editor's and, on wide screens, its markdown preview's,
with MDX's reader for an \`.mdx\` item);
chunks loaded only when asked for are listed apart, without what the editor loaded already; the
build's other pages (the API reference at /api/docs) with all they load, which no screen loads.
Built by \`npm run bench\` with \`web/vite.config.ts\`.

${table(
  ['screen', 'gzip KB', 'files'],
  [
    ...sizes.screens,
    ...sizes.onDemand.map((chunk) => ({ ...chunk, screen: `on demand: ${chunk.screen}` })),
    ...sizes.pages.map((page) => ({ ...page, screen: `another page: ${page.screen}` })),
  ].map((row) => [
    row.screen,
    kb(row.gzipBytes),
    String(row.files.filter((file) => file.endsWith('.js')).length),
  ]),
)}`;
}

/** The two targets of the issue "The editor for daily use" as rows of the targets table. */
export function webTargetRows(sizes: WebSizes, verdict: (met: boolean) => string): string[][] {
  const [shell] = sizes.screens;
  const largest = [...sizes.screens].sort((a, b) => b.gzipBytes - a.gzipBytes)[0]!;
  return [
    [
      `the list page's JS at most ${kb(webTargets.listPageGzip)} KB gzipped (issue "The editor for daily use")`,
      `${kb(shell!.gzipBytes)} KB`,
      verdict(shell!.gzipBytes <= webTargets.listPageGzip),
    ],
    [
      `any screen's JS at most ${kb(webTargets.anyScreenGzip)} KB gzipped (same issue)`,
      `largest: ${largest.short ?? largest.screen} ${kb(largest.gzipBytes)} KB`,
      verdict(largest.gzipBytes <= webTargets.anyScreenGzip),
    ],
  ];
}
