/**
 * The one table definition: the CDK stack and the local runtime (dynalite, DynamoDB Local) both
 * build the table from this, so their key schemas cannot drift apart.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ttlAttribute: 'ttl',
} as const;

/** CreateTable input for DynamoDB-compatible endpoints (on-demand billing). */
export const createTableInput = (tableName: string) => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [
    { AttributeName: tableDefinition.partitionKey, AttributeType: 'S' as const },
    { AttributeName: tableDefinition.sortKey, AttributeType: 'S' as const },
    { AttributeName: tableDefinition.gsi1.partitionKey, AttributeType: 'S' as const },
    { AttributeName: tableDefinition.gsi1.sortKey, AttributeType: 'S' as const },
  ],
  KeySchema: [
    { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: tableDefinition.gsi1.name,
      KeySchema: [
        { AttributeName: tableDefinition.gsi1.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: tableDefinition.gsi1.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    },
  ],
});
