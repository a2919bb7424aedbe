import { readFile } from 'node:fs/promises';
import { isScalar, parseDocument, parse as parseYaml } from 'yaml';
import { parseMarkdown, type ParsedMarkdown } from '../../shared/content/frontmatter';
import { CliError, UsageError } from './errors';
import { readAll, type Io } from './io';

/** A markdown file with frontmatter, or stdin for `-`. */
export async function readMarkdown(io: Io, file: string): Promise<ParsedMarkdown> {
  let text: string;
  try {
    text = file === '-' ? await readAll(io.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`, undefined, {
      cause: error,
    });
  }
  try {
    return parseMarkdown(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw new CliError(`${file === '-' ? 'stdin' : file}: ${(error as Error).message}`, undefined, {
      cause: error,
    });
  }
}

/**
 * `key=value` of `--set`: the value is read as a YAML scalar (`true`, `3`, `null`, `"quoted"`) or
 * a flow collection (`[a, b]`); anything else (`Hello: world`) stays the text as typed.
 */
export function parseSetting(setting: string): [string, unknown] {
  const at = setting.indexOf('=');
  const key = at > 0 ? setting.slice(0, at).trim() : '';
  if (!key) throw new UsageError(`--set wants key=value, got ${JSON.stringify(setting)}`);
  const raw = setting.slice(at + 1);
  if (/^\s*[[{]/.test(raw)) {
    try {
      return [key, parseYaml(raw)];
    } catch (error) {
      throw new UsageError(`--set ${key}: not a YAML value (${(error as Error).message})`);
    }
  }
  const document = parseDocument(raw);
  return [key, document.errors.length === 0 && isScalar(document.contents) ? document.toJS() : raw];
}

/** Collects repeated `--set` options for commander. */
export const collectSetting = (value: string, previous: string[] = []) => [...previous, value];
