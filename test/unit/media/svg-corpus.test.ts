import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaBytesProblem } from '../../../shared/media/media-checks';
import { mediaTypes } from '../../../shared/media/media-types';

/**
 * Known SVG attack payloads (with their origin, test/fixtures/svg/README.md) are all refused by the
 * rules an upload of a .svg passes; real icons, logos, flags, emoji, badges, charts and diagrams
 * from public repositories all pass them, except the few refused by a rule the README names.
 */
const root = path.resolve(import.meta.dirname, '../../fixtures/svg');
/** The SVG (and XML) files under `dir`, not the licences beside them, with `/` between the parts of their paths. */
const files = (dir: string): string[] =>
  readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (statSync(path.join(root, file)).isDirectory()) return files(file);
    return /\.(svg|xml)$/.test(name) ? [file] : [];
  });
const bytesOf = (file: string) => new Uint8Array(readFileSync(path.join(root, file)));
const problemOf = (file: string) => mediaBytesProblem(bytesOf(file), mediaTypes.svg);

type ManifestEntry = {
  file: string;
  repository: string;
  commit: string;
  path: string;
  producer: string;
  bytes: number;
  sha256: string;
};
const manifest = JSON.parse(
  readFileSync(path.join(root, 'manifest.json'), 'utf8'),
) as ManifestEntry[];

/** Real files that hold nothing dangerous but something the check refuses as a class, and why. */
const refusedByRule: Record<string, RegExp> = {
  'jgraph-drawio-diagrams/diagrams/connect-shapes.svg':
    /^a reference to "https:\/\/test\.draw\.io\/shortcuts\.svg" on <a>/,
  'jgraph-drawio-diagrams/diagrams/flowchart.drawio.svg': /^a <foreignObject> element/,
  'jgraph-drawio-diagrams/diagrams/infographic.svg':
    /^a reference to "https:\/\/[^"]+\.cloudfront\.net\/[^"]+" in a <style>/,
  'jgraph-drawio-diagrams/diagrams/infographic2.svg': /^a <foreignObject> element/,
  'jgraph-drawio-diagrams/diagrams/notion-template.drawio.svg': /^a <foreignObject> element/,
  'jgraph-drawio-diagrams/diagrams/svgfile.svg':
    /^a reference to "https:\/\/www\.jgraph\.com" on <a>/,
  'jgraph-drawio-diagrams/training-diagrams/connect-shapes.svg': /^a <foreignObject> element/,
  'lipis-flag-icons/flags/custom/uzb.svg': /^a DOCTYPE other than the plain SVG one/,
  'lipis-flag-icons/flags/custom/ven.svg': /^a DOCTYPE other than the plain SVG one/,
  'vega-vega-lite/examples/compiled/image_scatter_no_size.svg':
    /^a reference to "\.\/data\/ffox\.png" on <image>/,
  'vega-vega-lite/examples/compiled/point_href.svg':
    /^a reference to "https:\/\/www\.google\.com\/search\?q=[^"]*" on <a>/,
  'vega-vega-lite/examples/compiled/scatter_image.svg':
    /^a reference to "\.\/data\/ffox\.png" on <image>/,
};

describe('the SVG corpus', () => {
  const hostile = files('hostile');
  const benign = files('benign');
  const refused = files('refused-by-rule');
  // One group per source repository: benign/<owner>-<repo>.
  const groups = new Map<string, string[]>();
  for (const file of benign) {
    const group = file.split('/').slice(0, 2).join('/');
    groups.set(group, [...(groups.get(group) ?? []), file]);
  }

  it('holds the collected payloads and the real-world files its manifest lists, byte for byte', () => {
    expect([hostile.length, benign.length, refused.length, groups.size]).toEqual([26, 265, 12, 15]);
    expect(manifest.map((entry) => entry.file).sort()).toEqual([...benign, ...refused].sort());
    expect(Object.keys(refusedByRule).map((file) => `refused-by-rule/${file}`)).toEqual(refused);
    const changed = manifest.filter(
      (entry) => createHash('sha256').update(bytesOf(entry.file)).digest('hex') !== entry.sha256,
    );
    expect(changed.map((entry) => entry.file)).toEqual([]);
  });

  it.each(hostile)('refuses %s', (file) => {
    expect(problemOf(file)).toBeDefined();
  });

  it.each([...groups.keys()])('accepts every file of %s', (group) => {
    const refusals = groups.get(group)!.flatMap((file) => {
      const problem = problemOf(file);
      return problem ? [`${file}: ${JSON.stringify(problem)}`] : [];
    });
    expect(refusals).toEqual([]);
  });

  it.each(Object.entries(refusedByRule))(
    'refuses refused-by-rule/%s naming the rule',
    (file, rule) => {
      const problem = problemOf(`refused-by-rule/${file}`);
      expect(problem?.kind === 'svg' ? problem.detail : problem).toMatch(rule);
    },
  );
});
