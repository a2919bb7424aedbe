import { describe, expect, it } from 'vitest';
import {
  renderWebSizes,
  screenSizes,
  staticClosure,
  webTargetRows,
  type ViteManifest,
} from '../bench/web-sizes';

/** What each screen of the editor downloads, from Vite's manifest (no build here: a manifest as Vite writes it). */

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: [
      'src/components/editor/editor-page.tsx',
      'src/components/editor/restored-diff.tsx',
    ],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'src/components/editor/editor-page.tsx': {
    file: 'assets/editor-page.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js', '_codemirror.js'],
  },
  '_codemirror.js': { file: 'assets/codemirror.js' },
  'src/components/editor/restored-diff.tsx': {
    file: 'assets/restored-diff.js',
    isDynamicEntry: true,
    imports: ['index.html', '_yaml.js'],
  },
  '_yaml.js': { file: 'assets/yaml.js' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 50_000,
  'assets/shared.js': 10_000,
  'assets/editor-page.js': 30_000,
  'assets/codemirror.js': 170_000,
  'assets/restored-diff.js': 2_000,
  'assets/yaml.js': 12_000,
};

describe('JavaScript per screen', () => {
  it('follows static imports once each, in load order', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual(['assets/shared.js', 'assets/index.js']);
    expect(staticClosure(manifest, 'src/components/editor/editor-page.tsx')).toEqual([
      'assets/shared.js',
      'assets/index.js',
      'assets/codemirror.js',
      'assets/editor-page.js',
    ]);
  });

  it('counts the shell for every screen, adds the editor chunk for the editor, and lists on-demand chunks without what is loaded already', () => {
    const result = screenSizes(manifest, (file) => sizes[file]!);
    expect(result.screens.map((screen) => screen.gzipBytes)).toEqual([60_000, 260_000]);
    expect(result.onDemand).toEqual([
      {
        screen: 'web/src/components/editor/restored-diff.tsx',
        files: ['assets/yaml.js', 'assets/restored-diff.js'],
        gzipBytes: 14_000,
      },
    ]);
    const verdict = (met: boolean) => (met ? 'met' : 'missed');
    expect(webTargetRows(result, verdict).map((row) => row.slice(1))).toEqual([
      ['58.6 KB', 'met'],
      ['largest: the editor 253.9 KB', 'missed'],
    ]);
    expect(renderWebSizes(result)).toContain(
      '| on demand: web/src/components/editor/restored-diff.tsx | 13.7 | 2 |',
    );
  });

  it("measures the editor from index.html, and the build's other pages apart, whichever entry the manifest lists first", () => {
    // Vite writes its manifest's keys in order: api-docs.html comes before index.html.
    const withApiDocs: ViteManifest = {
      'api-docs.html': { file: 'assets/api-docs.js', isEntry: true, imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
      ...manifest,
    };
    const result = screenSizes(
      withApiDocs,
      (file) =>
        ({ 'assets/api-docs.js': 440_000, 'assets/runtime.js': 1_000 })[file] ?? sizes[file]!,
    );
    expect(result.screens.map((screen) => screen.gzipBytes)).toEqual([60_000, 260_000]);
    expect(result.screens.flatMap((screen) => screen.files)).not.toContain('assets/api-docs.js');
    expect(result.pages).toEqual([
      {
        screen: 'web/api-docs.html',
        files: ['assets/runtime.js', 'assets/api-docs.js'],
        gzipBytes: 441_000,
      },
    ]);
    expect(renderWebSizes(result)).toContain('| another page: web/api-docs.html | 430.7 | 2 |');
  });

  it('counts the markdown preview with the editor, since wide screens show it at once, and not as on demand', () => {
    const lazyPreview: ViteManifest = {
      ...manifest,
      'src/lib/markdown.ts': {
        file: 'assets/markdown.js',
        isDynamicEntry: true,
        imports: ['_shared.js'],
      },
    };
    const result = screenSizes(lazyPreview, (file) =>
      file === 'assets/markdown.js' ? 40_000 : sizes[file]!,
    );
    expect(result.screens.map((screen) => [screen.screen, screen.gzipBytes])).toEqual([
      ['the item list (and the shell every screen loads)', 60_000],
      ['the editor (an item open)', 260_000],
      ['the editor with its markdown preview shown (wide screens)', 300_000],
    ]);
    expect(result.onDemand.map((chunk) => chunk.screen)).toEqual([
      'web/src/components/editor/restored-diff.tsx',
    ]);
    expect(webTargetRows(result, (met) => (met ? 'met' : 'missed'))[1]!.slice(1)).toEqual([
      'largest: the editor with its preview 293.0 KB',
      'missed',
    ]);
  });

  it('counts a lazily loaded item list with the shell for the list page, and not for the editor', () => {
    const lazyList: ViteManifest = {
      ...manifest,
      'src/components/items/item-list-page.tsx': {
        file: 'assets/item-list-page.js',
        isDynamicEntry: true,
        imports: ['index.html', '_virtual.js'],
      },
      '_virtual.js': { file: 'assets/virtual.js' },
    };
    const result = screenSizes(
      lazyList,
      (file) =>
        ({ 'assets/item-list-page.js': 5_000, 'assets/virtual.js': 8_000 })[file] ?? sizes[file]!,
    );
    expect(result.screens.map((screen) => screen.gzipBytes)).toEqual([73_000, 260_000]);
    expect(result.onDemand.map((chunk) => chunk.screen)).toEqual([
      'web/src/components/editor/restored-diff.tsx',
    ]);
  });
  it('counts the markdown editor with the editor when it is a chunk of its own, and gives rich-text mode its own screens', () => {
    const lazyBody: ViteManifest = {
      ...manifest,
      'src/components/editor/editor-page.tsx': {
        ...manifest['src/components/editor/editor-page.tsx']!,
        imports: ['index.html', '_shared.js'],
      },
      'src/components/editor/markdown-editor.tsx': {
        file: 'assets/markdown-editor.js',
        isDynamicEntry: true,
        imports: ['_codemirror.js'],
      },
      'src/components/editor/rich-text-editor.tsx': {
        file: 'assets/rich-text-editor.js',
        isDynamicEntry: true,
        imports: ['_markdown-it.js'],
      },
      'src/lib/markdown.ts': {
        file: 'assets/markdown.js',
        isDynamicEntry: true,
        imports: ['_markdown-it.js'],
      },
      '_markdown-it.js': { file: 'assets/markdown-it.js' },
    };
    const extra: Record<string, number> = {
      'assets/markdown-editor.js': 1_000,
      'assets/rich-text-editor.js': 70_000,
      'assets/markdown.js': 10_000,
      'assets/markdown-it.js': 40_000,
    };
    const result = screenSizes(lazyBody, (file) => extra[file] ?? sizes[file]!);
    expect(result.screens.map((screen) => [screen.screen, screen.gzipBytes])).toEqual([
      ['the item list (and the shell every screen loads)', 60_000],
      ['the editor (an item open)', 261_000],
      ['the editor with its markdown preview shown (wide screens)', 311_000],
      ['the editor in rich-text mode', 200_000],
      ['the editor in rich-text mode with its markdown preview (wide screens)', 210_000],
    ]);
    expect(result.onDemand.map((chunk) => chunk.screen)).toEqual([
      'web/src/components/editor/restored-diff.tsx',
    ]);
    expect(webTargetRows(result, (met) => (met ? 'met' : 'missed'))[1]!.slice(1)).toEqual([
      'largest: the editor with its preview 303.7 KB',
      'missed',
    ]);
  });

  it("counts an .mdx item's screens with MDX's readers, for the preview and for rich text, and not as on demand", () => {
    const lazyMdx: ViteManifest = {
      ...manifest,
      'src/components/editor/rich-text-editor.tsx': {
        file: 'assets/rich-text-editor.js',
        isDynamicEntry: true,
        imports: ['_markdown-it.js'],
      },
      'src/lib/markdown.ts': {
        file: 'assets/markdown.js',
        isDynamicEntry: true,
        imports: ['_markdown-it.js'],
      },
      '_markdown-it.js': { file: 'assets/markdown-it.js' },
      'src/lib/mdx/mdx-blocks.ts': { file: 'assets/mdx-blocks.js', isDynamicEntry: true },
      'src/lib/rich-text/mdx-syntax.ts': {
        file: 'assets/mdx-syntax.js',
        isDynamicEntry: true,
        imports: ['src/lib/mdx/mdx-blocks.ts', '_markdown-it.js'],
      },
    };
    const extra: Record<string, number> = {
      'assets/rich-text-editor.js': 70_000,
      'assets/markdown.js': 10_000,
      'assets/markdown-it.js': 40_000,
      'assets/mdx-blocks.js': 2_000,
      'assets/mdx-syntax.js': 500,
    };
    const result = screenSizes(lazyMdx, (file) => extra[file] ?? sizes[file]!);
    expect(result.screens.slice(-2).map((screen) => [screen.screen, screen.gzipBytes])).toEqual([
      ['the editor with an .mdx item and its preview (wide screens)', 312_000],
      ['the editor in rich-text mode with an .mdx item and its preview (wide screens)', 382_500],
    ]);
    expect(result.onDemand.map((chunk) => chunk.screen)).toEqual([
      'web/src/components/editor/restored-diff.tsx',
    ]);
    expect(webTargetRows(result, (met) => (met ? 'met' : 'missed'))[1]!.slice(1)).toEqual([
      'largest: the rich-text editor with an .mdx item and its preview 373.5 KB',
      'missed',
    ]);
  });
});
