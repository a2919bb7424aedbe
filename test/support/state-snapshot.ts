import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../infra/local/runtime';
import type { TestService } from './local-service';

/**
 * What must not change when a request is refused: every ref of every repository on the local
 * host, and the durable items of the table. Items that reads create or refresh on purpose are
 * left out: OAuth states and device codes (started by open routes), the content-addressed parsed
 * blob cache, a user's cached repository reach (sort key REACH, written by listings),
 * `lastUsedAt` (written at most once a minute per token), and the audit log, which records every
 * write a signed-in caller sends, refused ones included, on purpose (append-only), and presence
 * heartbeats, which expire by themselves within 90 seconds.
 */
const ephemeralPrefixes = ['OAUTH#', 'DEVICE#', 'BLOB#', 'AUDIT#', 'PRESENCE#'];
const ephemeralSortKeys = ['REACH'];

/** `owner/name → [refname objectname]` for every bare repository under the host's data dir. */
export function refsOfEveryRepo(service: TestService): Record<string, string[]> {
  const root = path.join(service.dataDir, 'github', 'repos');
  const out: Record<string, string[]> = {};
  for (const owner of readdirSync(root)) {
    for (const dir of readdirSync(path.join(root, owner)).filter((name) => name.endsWith('.git'))) {
      const refs = execFileSync(
        'git',
        [
          '--git-dir',
          path.join(root, owner, dir),
          'for-each-ref',
          '--format=%(refname) %(objectname)',
        ],
        { encoding: 'utf8' },
      );
      out[`${owner}/${dir.slice(0, -4)}`] = refs.trim().split('\n').filter(Boolean);
    }
  }
  return out;
}

/** The durable items of the table, sorted, without `lastUsedAt`. */
export async function durableTable(service: TestService): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await service.dynamo.doc.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items
    .filter(
      (item) =>
        !ephemeralPrefixes.some((prefix) => String(item.pk).startsWith(prefix)) &&
        !ephemeralSortKeys.includes(String(item.sk)),
    )
    .map(({ lastUsedAt: _ignored, ...rest }) => rest)
    .sort((a, b) =>
      `${String(a.pk)} ${String(a.sk)}`.localeCompare(`${String(b.pk)} ${String(b.sk)}`),
    );
}

export async function stateSnapshot(service: TestService) {
  return { refs: refsOfEveryRepo(service), table: await durableTable(service) };
}
