import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from './table';

const hasName = (error: unknown, name: string) => error instanceof Error && error.name === name;

async function describe(
  client: DynamoDBClient,
  tableName: string,
): Promise<TableDescription | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (hasName(error, 'ResourceNotFoundException')) return undefined;
    throw error;
  }
}

const isActive = (table: TableDescription | undefined) =>
  table?.TableStatus === 'ACTIVE' &&
  (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');

/**
 * Creates the table from `createTableInput` when it is missing and waits until it and its index
 * are ACTIVE. Idempotent: local entry points and tests call it on every start. (On AWS the CDK
 * stack owns the table.)
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  timeoutMs = 60_000,
): Promise<void> {
  let table = await describe(client, tableName);
  if (!table) {
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (error) {
      if (!hasName(error, 'ResourceInUseException')) throw error; // created concurrently
    }
  }
  for (const deadline = Date.now() + timeoutMs; !isActive(table);) {
    if (Date.now() > deadline)
      throw new Error(`Table ${tableName} is not ACTIVE after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    table = await describe(client, tableName);
  }
  if (
    !table?.GlobalSecondaryIndexes?.some((index) => index.IndexName === tableDefinition.gsi1.name)
  ) {
    throw new Error(
      `Table ${tableName} exists without index ${tableDefinition.gsi1.name}: delete it (or its data directory) to recreate it`,
    );
  }
}
