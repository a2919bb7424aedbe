import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What `cms login` keeps per service URL. The token is a secret: the file is mode 0600. */
export interface StoredLogin {
  token: string;
  username: string;
  expiresAt: string;
}

interface CredentialsFile {
  /** The service of the last login: used when neither --url nor CMS_URL names one. */
  current?: string;
  services: Record<string, StoredLogin>;
}

/** `$XDG_CONFIG_HOME/cms/credentials.json`, `~/.config/cms/credentials.json` by default. */
export function credentialsPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'cms', 'credentials.json');
}

export function createCredentialStore(file: string) {
  async function read(): Promise<CredentialsFile> {
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CredentialsFile>;
      return { current: parsed.current, services: parsed.services ?? {} };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { services: {} };
      throw new Error(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Written to a temporary file created with mode 0600, then renamed: never readable by others. */
  async function write(content: CredentialsFile): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, file);
  }

  return {
    file,
    async current(): Promise<string | undefined> {
      return (await read()).current;
    },
    async get(url: string): Promise<StoredLogin | undefined> {
      return (await read()).services[url];
    },
    async save(url: string, login: StoredLogin): Promise<void> {
      const content = await read();
      await write({ current: url, services: { ...content.services, [url]: login } });
    },
    /** True when a login was stored for `url`. `current` stays: later commands still know the service. */
    async remove(url: string): Promise<boolean> {
      const content = await read();
      if (!content.services[url]) return false;
      const { [url]: _removed, ...services } = content.services;
      await write({ current: content.current, services });
      return true;
    },
  };
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;
