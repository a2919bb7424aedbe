import { describe, expect, it } from 'vitest';
import { renderWebSizes, screenSizes, staticClosure, webTargetRows, type ViteManifest } from '../bench/web-sizes';

/** What each screen of the editor downloads, from Vite's manifest (no build here: a manifest as Vite writes it). */

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/components/editor/editor-page.tsx', 'src/components/editor/restored-diff.tsx'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/components/editor/editor-page.tsx': { file: 'assets/editor-page.js', isDynamicEntry: true, imports: ['index.html', '_shared.js', '_codemirror.js'] },
  '_codemirror.js': { file: 'assets/codemirror.js' },
  'src/components/editor/restored-diff.tsx': { file: 'assets/restored-diff.js', isDynamicEntry: true, imports: ['index.html', '_yaml.js'] },
  '_yaml.js': { file: 'assets/yaml.js' },
};
const sizes: Record<string, number> = { 'assets/index.js': 50_000, 'assets/shared.js': 10_000, 'assets/editor-page.js': 30_000, 'assets/codemirror.js': 170_000, 'assets/restored-diff.js': 2_000, 'assets/yaml.js': 12_000 };

describe('JavaScript per screen', () => {
  it('follows static imports once each, in load order', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual(['assets/shared.js', 'assets/index.js']);
    expect(staticClosure(manifest, 'src/components/editor/editor-page.tsx')).toEqual(['assets/shared.js', 'assets/index.js', 'assets/codemirror.js', 'assets/editor-page.js']);
  });

  it('counts the shell for every screen, adds the editor chunk for the editor, and lists on-demand chunks without what is loaded already', () => {
    const result = screenSizes(manifest, (file) => sizes[file]!);
    expect(result.screens.map((screen) => screen.gzipBytes)).toEqual([60_000, 260_000]);
    expect(result.onDemand).toEqual([{ screen: 'web/src/components/editor/restored-diff.tsx', files: ['assets/yaml.js', 'assets/restored-diff.js'], gzipBytes: 14_000 }]);
    const verdict = (met: boolean) => (met ? 'met' : 'missed');
    expect(webTargetRows(result, verdict).map((row) => row.slice(1))).toEqual([
      ['58.6 KB', 'met'],
      ['largest: the editor 253.9 KB', 'missed'],
    ]);
    expect(renderWebSizes(result)).toContain('| on demand: web/src/components/editor/restored-diff.tsx | 13.7 | 2 |');
  });
});
