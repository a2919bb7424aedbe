// Runs after esbuild, inside a function's bundling (CmsFunction's afterBundling hook):
//   node infra/aws/bundle-postprocess.mjs <projectRoot> <outputDir> <group>
// Makes the asset depend on the code only, never on where the checkout or cdk.out is:
// - the source map names sources relative to the repository root (node_modules/… for packages),
//   not relative to the bundling directory;
// - esbuild's metafile (whose paths name the bundling directory) leaves the asset: it goes to
//   <assembly>/bundle-meta/<group>.meta.json for the bundle report.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [root, outputDir, group] = process.argv.slice(2);
if (!root || !outputDir || !group)
  throw new Error('usage: bundle-postprocess.mjs <projectRoot> <outputDir> <group>');

const mapFile = path.join(outputDir, 'index.mjs.map');
if (existsSync(mapFile)) {
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  map.sources = map.sources.map((source) => {
    const absolute = path.resolve(outputDir, source).split(path.sep).join('/');
    const packages = absolute.indexOf('/node_modules/');
    return packages === -1
      ? path.relative(root, absolute).split(path.sep).join('/')
      : absolute.slice(packages + 1);
  });
  writeFileSync(mapFile, JSON.stringify(map));
}

const metafile = path.join(outputDir, 'index.meta.json');
if (existsSync(metafile)) {
  const metaDir = path.join(path.dirname(outputDir), 'bundle-meta');
  mkdirSync(metaDir, { recursive: true });
  renameSync(metafile, path.join(metaDir, `${group}.meta.json`));
}
