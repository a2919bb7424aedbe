import { readObjects } from './git-objects';

/**
 * Every file (blob or gitlink) under a tree keyed by full path, as `git ls-tree -r` lists them,
 * read through the cached object reader one directory level at a time. Undefined when a tree is
 * missing or holds a mode git would print differently (the caller asks git then).
 */

const MODES = new Set(['100644', '100755', '120000', '160000']);

export async function flattenTreeInProcess(
  gitDir: string,
  tree: string,
): Promise<Map<string, { mode: string; oid: string }> | undefined> {
  const contents = new Map<string, Buffer>();
  for (let level = [tree]; level.length > 0;) {
    const objects = await readObjects(gitDir, level);
    const next: string[] = [];
    for (const [index, object] of objects.entries()) {
      if (object?.type !== 'tree') return undefined;
      contents.set(level[index]!, object.content);
      forEachEntry(object.content, (mode, _name, oid) => {
        if (mode === '40000' && !contents.has(oid)) next.push(oid);
      });
    }
    level = [...new Set(next)];
  }
  const entries = new Map<string, { mode: string; oid: string }>();
  let exact = true;
  const walk = (oid: string, prefix: string) => {
    forEachEntry(contents.get(oid)!, (mode, name, child) => {
      const path = `${prefix}${name.toString('utf8')}`;
      if (mode === '40000') walk(child, `${path}/`);
      else if (MODES.has(mode)) entries.set(path, { mode, oid: child });
      else exact = false;
    });
  };
  walk(tree, '');
  return exact ? entries : undefined;
}

function forEachEntry(
  content: Buffer,
  visit: (mode: string, name: Buffer, oid: string) => void,
): void {
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = space === -1 ? -1 : content.indexOf(0x00, space);
    if (nul === -1 || nul + 21 > content.length) return visit('', Buffer.alloc(0), '');
    visit(
      content.subarray(at, space).toString('latin1'),
      content.subarray(space + 1, nul),
      content.subarray(nul + 1, nul + 21).toString('hex'),
    );
    at = nul + 21;
  }
}
