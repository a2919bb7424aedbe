import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const webRoot = path.join(repoRoot, 'web/dist');

/** Newest modification time under `dir`, skipping build output. */
async function newest(dir: string): Promise<number> {
  let latest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(
      latest,
      entry.isDirectory() ? await newest(full) : (await stat(full)).mtimeMs,
    );
  }
  return latest;
}

/** Builds web/dist when it is missing or older than the editor's sources (or the shared code it bundles). */
export async function buildEditorIfStale(): Promise<void> {
  const built = await stat(path.join(webRoot, 'index.html')).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  const sources = Math.max(
    await newest(path.join(repoRoot, 'web')),
    await newest(path.join(repoRoot, 'shared/content')),
  );
  if (built > sources) return;
  await build({ configFile: path.join(repoRoot, 'web/vite.config.ts'), logLevel: 'warn' });
}
