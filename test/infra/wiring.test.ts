import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ports } from '../../functions/ports';
import { buildContext, buildEvent } from '../../infra/local/event';
import type { LocalWiring } from '../../infra/local/handlers';
import { createLocalKeyProvider } from '../../shared/adapters/local/local-key-provider';
import type { Logger } from '../../shared/logger';
import type { LambdaHttpHandler } from '../../shared/http/types';
import { routes } from '../../shared/routes';
import { leadingKeysOf } from '../../infra/aws/group-needs';
import { startSecretsManager } from '../fakes/secrets-manager';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';
import { createLocalStaging } from '../../infra/local/media-staging';
import { awsEnv, secretValues } from './support/aws-handler-env';

/**
 * One wiring per group: the AWS entry (`functions/<group>/handler.ts`) and local mode
 * (`infra/local/handlers.ts`) must both answer with the handler that the group's
 * `wire<Group>` in `functions/<group>/wire.ts` returns, so a service, a constructor argument or
 * the clock cannot be given on one side and forgotten on the other.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const groups = [...new Set(routes.map((route) => route.group))];
const wirePath = (group: string) => path.join(projectRoot, 'functions', group, 'wire.ts');
const wireName = (group: string) => `wire${group[0]!.toUpperCase()}${group.slice(1)}`;

const portNames: (keyof Ports)[] = [
  'store',
  'keyProvider',
  'tokenHmacKey',
  'oauth',
  'gitHost',
  'pullHost',
  'checkHost',
  'mediaHost',
  'reviewHost',
  'historyHost',
  'uploadStaging',
  'scheduleTimer',
  'logger',
  'publicUrl',
  'now',
  'readiness',
  'activityRetentionDays',
  'webhookQueue',
  'webhookPolicy',
  'indexQueue',
  'indexSettings',
];

const originalEnv = { ...process.env };
let secrets: Awaited<ReturnType<typeof startSecretsManager>>;
beforeAll(async () => {
  secrets = await startSecretsManager(secretValues);
});
afterEach(() => {
  process.env = { ...originalEnv };
  vi.resetModules();
});
afterAll(() => secrets?.close());

/**
 * Replaces every group's wire module with one that records the ports it is given, builds the real
 * graph from them (so they must fit), and answers with a marker naming the group.
 */
function recordWires() {
  const calls = new Map<string, Partial<Ports>[]>();
  vi.resetModules();
  for (const group of groups) {
    vi.doMock(wirePath(group), async (importOriginal) => {
      const original = (await importOriginal()) as Record<
        string,
        (ports: Partial<Ports>) => LambdaHttpHandler
      >;
      const wire = original[wireName(group)];
      return {
        ...original,
        [wireName(group)]: (ports: Partial<Ports>) => {
          calls.set(group, [...(calls.get(group) ?? []), ports]);
          expect(wire?.(ports), `${wireName(group)} builds a handler`).toBeTypeOf('function');
          const marker: LambdaHttpHandler = async () => ({
            statusCode: 299,
            body: `wired ${group}`,
          });
          return marker;
        },
      };
    });
  }
  return calls;
}

const ask = (handler: LambdaHttpHandler, group: string) =>
  handler(
    buildEvent({ method: 'GET', url: '/api/no-such-route', headers: {} }),
    buildContext(group),
    { signal: AbortSignal.timeout(5_000) },
  );

describe('one wiring per group', () => {
  it.each(groups)(
    '%s on AWS: handler.ts answers with what wire<Group> returns, given AWS ports and Date.now',
    async (group) => {
      // Prepare
      const calls = recordWires();
      process.env = {
        ...originalEnv,
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'test',
        AWS_SECRET_ACCESS_KEY: 'test',
        AWS_ENDPOINT_URL: secrets.endpoint,
        ...awsEnv,
      };
      const { handler } = (await import(
        path.join(projectRoot, 'functions', group, 'handler.ts')
      )) as { handler: LambdaHttpHandler };

      // Act
      const answer = await ask(handler, group);

      // Assess
      expect(answer).toEqual({ statusCode: 299, body: `wired ${group}` });
      expect(calls.get(group)).toHaveLength(1);
      const ports = calls.get(group)![0]!;
      expect(portNames).toEqual(expect.arrayContaining(Object.keys(ports)));
      expect(ports.publicUrl?.()).toBe(awsEnv.PUBLIC_URL);
      if ('now' in ports) expect(ports.now).toBe(Date.now);
    },
  );

  it('locally: every group answers with what its wire<Group> returns, all given the same ports and clock', async () => {
    // Prepare
    const calls = recordWires();
    const { createLocalHandlers } = await import('../../infra/local/handlers');
    const now = () => Date.UTC(2030, 0, 1);
    const logger: Logger = { info: () => undefined, error: () => undefined };
    const wiring: LocalWiring = {
      store: createMemoryStore({ now }),
      keyProvider: createLocalKeyProvider(randomBytes(32)),
      tokenHmacKey: randomBytes(32),
      github: {
        url: 'http://127.0.0.1:9',
        app: {
          appId: 1,
          clientId: 'Iv1.local',
          clientSecret: 'local',
          privateKeyPem: '-----BEGIN PRIVATE KEY-----',
        },
      },
      logger,
      publicUrl: () => 'http://localhost:8787',
      now,
      uploadStaging: createLocalStaging({
        dir: path.join(os.tmpdir(), 'cms-wiring-unused'),
        publicUrl: () => 'http://localhost:8787',
        now,
      }).staging,
      scheduleTimer: { arm: async () => undefined, disarm: async () => undefined },
    };

    // Act
    const handlers = createLocalHandlers(wiring);
    const answers = Object.fromEntries(
      await Promise.all(
        groups.map(async (group) => [group, await ask(handlers[group], group)] as const),
      ),
    );

    // Assess
    for (const group of groups) {
      expect(answers[group], group).toEqual({ statusCode: 299, body: `wired ${group}` });
      expect(calls.get(group), group).toHaveLength(1);
    }
    const given = groups.map((group) => calls.get(group)![0]!);
    for (const [index, ports] of given.entries()) {
      expect(Object.keys(ports).sort()).toEqual([...portNames].sort());
      expect(ports.now).toBe(now);
      // The shared table, seen through the group's item families (its LeadingKeys on AWS).
      const patterns = leadingKeysOf(groups[index]!);
      const inside = patterns?.[0]?.replaceAll('*', 'probe');
      if (inside) {
        await ports.store!.put({ pk: inside, sk: 'PROBE' });
        expect(await wiring.store.get({ pk: inside, sk: 'PROBE' }), groups[index]).toBeDefined();
      }
      await expect(
        ports.store!.get({ pk: 'NO-FAMILY#x', sk: 'PROBE' }),
        groups[index],
      ).rejects.toThrow(/outside this group's item families/);
      expect(ports.gitHost).toBe(given[0]!.gitHost);
      expect(ports.publicUrl?.()).toBe('http://localhost:8787');
    }
  });
});
