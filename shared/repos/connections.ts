import type { CmsConfig } from '../content/config-schema';
import { ConflictError, NotFoundError } from '../errors';
import { keys } from '../store/keys';
import { ConditionFailedError, type Store } from '../ports/store';

export interface Connection {
  /** As GitHub spells it. */
  fullName: string;
  addedAt: string;
  addedBy: string;
  /** The last `cms.config.json` read, and its blob sha: tells reads which directory to fetch. */
  config: CmsConfig;
  configOid: string;
}

/**
 * One answer for "not connected" and "GitHub does not show it to you": telling them apart would
 * tell an outsider which private repositories are connected, and so exist. Only the caller's own
 * spelling of the name is echoed.
 */
export const unreachableRepo = (fullName: string) =>
  new NotFoundError(`Repository ${fullName} is not connected, or you cannot access it on GitHub`);

/**
 * The config is stored as JSON text: its collection and field names are repository data, and no
 * such name may reach the table's marshaller as an attribute name. Items written before kept it
 * as a map (`config`) and are still read.
 */
const toConnection = (item: Record<string, unknown>): Connection => ({
  fullName: String(item.fullName),
  addedAt: String(item.addedAt),
  addedBy: String(item.addedBy),
  config: (typeof item.configJson === 'string'
    ? JSON.parse(item.configJson)
    : item.config) as CmsConfig,
  configOid: String(item.configOid),
});

const stored = ({ config, ...rest }: Connection) => ({
  ...rest,
  configJson: JSON.stringify(config),
});

/** Connected repositories: one item each, keyed by the lower-cased name (GitHub names are case-insensitive). */
export function createConnections(store: Store, now: () => number = Date.now) {
  return {
    /** A conditional write: of two racing connects, one wins and the other gets 409. */
    async connect(input: Omit<Connection, 'addedAt'>): Promise<Connection> {
      const connection = { ...input, addedAt: new Date(now()).toISOString() };
      try {
        await store.put(
          {
            ...keys.connection(input.fullName),
            gsi1pk: keys.connections,
            gsi1sk: input.fullName.toLowerCase(),
            ...stored(connection),
          },
          { notExists: true },
        );
      } catch (error) {
        if (error instanceof ConditionFailedError)
          throw new ConflictError(`Repository ${input.fullName} is already connected`);
        throw error;
      }
      return connection;
    },

    async get(fullName: string): Promise<Connection | undefined> {
      const item = await store.get(keys.connection(fullName));
      return item && toConnection(item);
    },

    /** The store key of a connection, for callers that read it together with other items. */
    key: (fullName: string) => keys.connection(fullName),

    /** The connection in an item the caller read under `key(fullName)`; none there (undefined) answers 404. */
    requireFrom(fullName: string, item: Record<string, unknown> | undefined): Connection {
      if (!item) throw unreachableRepo(fullName);
      return toConnection(item);
    },

    async list(): Promise<Connection[]> {
      return (await store.queryGsi1(keys.connections)).map(toConnection);
    },

    async disconnect(fullName: string): Promise<void> {
      try {
        await store.delete(keys.connection(fullName), { exists: true });
      } catch (error) {
        if (error instanceof ConditionFailedError)
          throw new NotFoundError(`Repository ${fullName} is not connected`);
        throw error;
      }
    },

    /** Remembers a newer config read; best effort (a lost race only means another read refreshes it). */
    async rememberConfig({
      fullName,
      config,
      configOid,
    }: Pick<Connection, 'fullName' | 'config' | 'configOid'>): Promise<void> {
      try {
        await store.update(
          keys.connection(fullName),
          { configJson: JSON.stringify(config), configOid },
          { exists: true },
        );
      } catch (error) {
        if (!(error instanceof ConditionFailedError)) throw error;
      }
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
