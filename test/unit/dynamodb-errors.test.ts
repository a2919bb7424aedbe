import { describe, expect, it } from 'vitest';
import { AwsServiceError } from '../../shared/aws/aws-json-client';
import { UnavailableError } from '../../shared/errors';
import { createDocumentClient } from '../../shared/store/dynamodb-client';
import { isUnavailable } from '../../shared/store/dynamodb-errors';
import { createDynamoDbStore } from '../../shared/store/dynamodb-store';

const sdkError = (name: string, fault: 'client' | 'server') => new AwsServiceError(name, `${name} from DynamoDB`, fault === 'server' ? 500 : 400, undefined, {});

describe('DynamoDB failures the store adapter translates', () => {
  it('calls throttling, server faults and unreachable endpoints unavailable, and nothing else', () => {
    // Act + Assess
    expect(isUnavailable(sdkError('ProvisionedThroughputExceededException', 'client'))).toBe(true);
    expect(isUnavailable(sdkError('ThrottlingException', 'client'))).toBe(true);
    expect(isUnavailable(sdkError('InternalServerError', 'server'))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnavailable(sdkError('ValidationException', 'client'))).toBe(false);
    expect(isUnavailable(sdkError('AccessDeniedException', 'client'))).toBe(false);
    expect(isUnavailable(sdkError('ResourceNotFoundException', 'client'))).toBe(false);
  });

  it('answers UnavailableError when the table cannot be reached, naming no key', async () => {
    // Prepare: nothing listens on the discard port.
    const dynamo = createDocumentClient({ endpoint: 'http://127.0.0.1:9' });
    const store = createDynamoDbStore({ client: dynamo.documents, tableName: 'cms' });

    // Act
    const reading = store.get({ pk: 'SESSION#secret-hash', sk: 'SESSION' });

    // Assess
    await expect(reading).rejects.toThrow(UnavailableError);
    await expect(reading).rejects.toThrow('The database is unavailable; try again shortly');
    dynamo.client.destroy();
  });
});
