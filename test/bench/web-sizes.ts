import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, table } from './markdown';

/**
 * The editor's JavaScript per screen, gzipped, as a browser downloads it: every screen loads the
 * entry and its static imports; the editor screen adds its lazily loaded chunk and that chunk's
 * imports; what a screen loads only when asked (a dialog's diff) is listed apart. Built with the
 * project's own Vite configuration into a throwaway directory, sizes read from Vite's manifest.
 */

/** The part of Vite's build manifest this reads. */
export type ViteManifest = Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

export const webTargets = { listPageGzip: 100 * 1024, anyScreenGzip: 250 * 1024 };

const EDITOR_CHUNK = 'src/components/editor/editor-page.tsx';

export interface ScreenSize {
  screen: string;
  files: string[];
  gzipBytes: number;
}

/** The files a manifest entry loads at once (itself and its static imports, transitively), in load order. */
export function staticClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [...(entry.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen)), entry.file].filter((file, index, all) => all.indexOf(file) === index);
}

/** Screens and on-demand chunks, with their gzipped JavaScript; `gzipOf` answers a file's gzipped size. */
export function screenSizes(manifest: ViteManifest, gzipOf: (file: string) => number): WebSizes {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('bench: the build manifest has no entry');
  const sum = (files: string[]) => files.filter((file) => file.endsWith('.js')).reduce((total, file) => total + gzipOf(file), 0);
  const shell = staticClosure(manifest, entryKey);
  const editor = [...new Set([...shell, ...staticClosure(manifest, EDITOR_CHUNK)])];
  const screens = [
    { screen: 'every screen but the editor (repositories, item list, reviews, tokens)', files: shell },
    { screen: 'the editor (an item open)', files: editor },
  ].map((screen) => ({ ...screen, gzipBytes: sum(screen.files) }));
  const onDemand = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && key !== EDITOR_CHUNK)
    .map((key) => {
      const files = staticClosure(manifest, key).filter((file) => !editor.includes(file));
      return { screen: key.replace(/^src\//, 'web/src/'), files, gzipBytes: sum(files) };
    });
  return { screens, onDemand };
}

export async function measureWebSizes(progress: (line: string) => void): Promise<WebSizes> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'cms-bench-web-'));
  try {
    progress('web: building the editor to measure its JavaScript per screen');
    const { build } = await import('vite');
    const root = path.resolve(import.meta.dirname, '../..');
    await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false } });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
    return screenSizes(manifest, (file) => gzipSync(readFileSync(path.join(outDir, file))).length);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export interface WebSizes {
  screens: ScreenSize[];
  onDemand: ScreenSize[];
}

export function renderWebSizes(sizes: WebSizes): string {
  return `## Editor JavaScript per screen

Gzipped, as a browser downloads it on a first visit: the entry and its static imports, plus the
editor's own chunk when an item is open; chunks loaded only when asked for are listed apart.
Built by \`npm run bench\` with \`web/vite.config.ts\`.

${table(
    ['screen', 'gzip KB', 'files'],
    [...sizes.screens, ...sizes.onDemand.map((chunk) => ({ ...chunk, screen: `on demand: ${chunk.screen}` }))].map((row) => [row.screen, kb(row.gzipBytes), String(row.files.filter((file) => file.endsWith('.js')).length)]),
  )}`;
}

/** The two targets of the issue "The editor for daily use" as rows of the targets table. */
export function webTargetRows(sizes: WebSizes, verdict: (met: boolean) => string): string[][] {
  const [shell, editor] = sizes.screens;
  const largest = [...sizes.screens].sort((a, b) => b.gzipBytes - a.gzipBytes)[0]!;
  return [
    [`the list page's JS at most ${kb(webTargets.listPageGzip)} KB gzipped (issue "The editor for daily use")`, `${kb(shell!.gzipBytes)} KB`, verdict(shell!.gzipBytes <= webTargets.listPageGzip)],
    [`any screen's JS at most ${kb(webTargets.anyScreenGzip)} KB gzipped (same issue)`, `largest: ${largest === editor ? 'the editor' : 'the list'} ${kb(largest.gzipBytes)} KB`, verdict(largest.gzipBytes <= webTargets.anyScreenGzip)],
  ];
}
