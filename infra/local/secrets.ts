import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A random secret kept in the data directory with mode 0600, made on first use: the local
 * master key (what KMS holds on AWS) and the token HMAC key (Secrets Manager on AWS).
 */
export async function loadOrCreateSecret(
  dataDir: string,
  name: string,
  bytes = 32,
): Promise<Buffer> {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  const existing = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing) {
    if (existing.length !== bytes)
      throw new Error(`Secret ${file} has ${existing.length} bytes, expected ${bytes}`);
    return existing;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes);
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  await chmod(file, 0o600);
  return readFile(file);
}
