import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { leaf, run } from '../lib/command';
import { CliError, exitCodes } from '../lib/errors';
import type { Api } from '../lib/http';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { shortSha, table } from '../lib/table';

/** `posts/hello` → the draft of that item. */
function draftArgument(value: string): { collection: string; slug: string } {
  const match = /^([^/]+)\/([^/]+)$/.exec(value);
  if (!match) throw new InvalidArgumentError('expected <collection>/<slug>');
  return { collection: match[1]!, slug: match[2]! };
}

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const mediaLs = (io: Io) =>
  leaf(
    'ls',
    "List the files of the media directory (the repository's, or a collection's own with --collection)",
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .option('--collection <name>', "list this collection's media directory")
    .option('--ref <branch>', 'list a draft branch instead of the default branch')
    .action(
      run<[string], { collection?: string; ref?: string }>(io, async (context, [repo], options) => {
        const api = await context.api();
        const files = await context.spin(
          'Loading…',
          allMedia(api, repo, options.collection, options.ref),
        );
        context.print(
          files,
          () =>
            table(
              ['PATH', 'PUBLIC PATH', 'SIZE', 'SHA'],
              files.map((file) => [
                file.path,
                file.publicPath,
                size(file.size),
                shortSha(file.sha),
              ]),
            ) || 'No media files.\n',
        );
      }),
    );

/** Every page of a media directory. */
async function allMedia(api: Api, repo: string, collection?: string, ref?: string) {
  const files = [];
  let cursor: string | undefined;
  do {
    const page = await api.call('listMedia', {
      params: { repo },
      query: { collection, ref, cursor, limit: 100 },
    });
    files.push(...page.files);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return files;
}

const mediaPut = (io: Io) =>
  leaf(
    'put',
    'Upload a file to the media directory (one commit) and print the path to put in a field',
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<file>', 'the local file')
    .option('--name <name>', "the name in the repository (slugged; default: the file's own)")
    .option('--collection <name>', "use this collection's media directory")
    .option(
      '--draft <collection/slug>',
      "commit to that item's draft branch cms/<collection>/<slug> (the draft carries its media)",
      draftArgument,
    )
    .addOption(
      new Option(
        '--change-set <name>',
        'commit to the change set <name> (cms sets create), on its branch cms/_sets/<name>; it publishes the file once one of its items references it',
      ).conflicts('draft'),
    )
    .action(
      run<
        [string, string],
        {
          name?: string;
          collection?: string;
          draft?: { collection: string; slug: string };
          changeSet?: string;
        }
      >(io, async (context, [repo, file], options) => {
        const api = await context.api();
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) throw new CliError(`Not a file: ${file}`, exitCodes.usage);
        const bytes = await readFile(file);
        const name = options.name ?? basename(file);
        const collection = options.collection ?? options.draft?.collection;
        const ticket = await api.call('beginMediaUpload', {
          params: { repo },
          body: {
            name,
            size: bytes.length,
            contentType: 'application/octet-stream',
            ...(options.changeSet !== undefined && { set: options.changeSet }),
          },
        });
        await context.spin(
          `Sending ${size(bytes.length)}…`,
          putBytes(new URL(ticket.url, api.url), ticket.headers, bytes),
        );
        const committed = await context.spin(
          'Committing…',
          api.call('commitMedia', {
            params: { repo },
            body: {
              uploadId: ticket.uploadId,
              name,
              collection,
              draft: options.draft,
              ...(options.changeSet !== undefined && { set: options.changeSet }),
            },
          }),
        );
        context.print(committed, () => `${committed.publicPath}\n`);
        if (!context.json)
          context.note(
            `Committed ${committed.path} (${size(committed.size)}, ${committed.contentType})${committed.branch ? ` on ${committed.branch}` : ''}`,
          );
      }),
    );

/** The ticket's PUT: exactly the bytes, with its headers; the staging's own words on a refusal. */
async function putBytes(url: URL, headers: Record<string, string>, bytes: Buffer): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers,
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(300_000),
    });
  } catch (cause) {
    throw new CliError(
      `Cannot send the file to ${url.origin}: ${(cause as Error).message}`,
      exitCodes.error,
      { cause },
    );
  }
  if (response.ok) return;
  const text = await response.text();
  let message = `The upload was refused (HTTP ${response.status})`;
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === 'string') message = error;
  } catch {
    message = /<Message>([^<]+)<\/Message>/.exec(text)?.[1] ?? message;
  }
  throw new CliError(message);
}

const mediaRm = (io: Io) =>
  leaf('rm', 'Delete a media file (one commit), guarded by its sha')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<path>', "the file's path in the repository (as `cms media ls` prints it)")
    .option(
      '--sha <sha>',
      'refuse (exit 3) unless the file is still at this sha; default: its current sha',
    )
    .option('--ref <branch>', 'delete on this draft branch instead of the default branch')
    .action(
      run<[string, string], { sha?: string; ref?: string }>(
        io,
        async (context, [repo, path], options) => {
          const api = await context.api();
          const sha = options.sha ?? (await currentSha(api, repo, path, options.ref));
          const deleted = await context.spin(
            'Deleting…',
            api.call('deleteMediaFile', {
              params: { repo },
              query: { path, sha, ref: options.ref },
            }),
          );
          context.print(
            { ...deleted, repo, path },
            () => `Deleted ${path} from ${deleted.branch ?? repo}\n`,
          );
        },
      ),
    );

/**
 * The file's sha from the listing of the media directory holding it: the repository's, else
 * (asking for the config, which needs config:read) the collection's own.
 */
async function currentSha(api: Api, repo: string, path: string, ref?: string): Promise<string> {
  const directory = path.slice(0, path.lastIndexOf('/'));
  const first = await api
    .call('listMedia', { params: { repo }, query: { ref, limit: 1 } })
    .catch(() => undefined);
  let collection: string | undefined;
  if (first?.directory !== directory) {
    const config = await api.call('getConfig', { params: { repo } });
    collection = Object.entries(config.collections).find(
      ([, definition]) => definition.media?.directory === directory,
    )?.[0];
    if (collection === undefined)
      throw new CliError(`${path} is not directly inside a media directory of cms.config.json`);
  }
  const found = (await allMedia(api, repo, collection, ref)).find((file) => file.path === path);
  if (!found) throw new CliError(`No media file ${path}${ref ? ` on ${ref}` : ''}`);
  return found.sha;
}

export const mediaCommand = (io: Io) =>
  new Command('media')
    .description('Images and files of the media directories: list, upload, delete')
    .addCommand(mediaLs(io))
    .addCommand(mediaPut(io))
    .addCommand(mediaRm(io));
