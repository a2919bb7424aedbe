import { Duration, SecretValue, Validations, type RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { AccountRootPrincipal, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { tableDefinition } from '../../shared/adapters/dynamodb/table';

export interface ServiceDataProps {
  removalPolicy: RemovalPolicy;
  /** DynamoDB deletion protection. */
  deletionProtection: boolean;
}

/**
 * What the service keeps: the table, the envelope key and the two secrets. Created in the
 * stack's own scope (not a nested construct) so their logical ids, and so the deployed
 * resources, never change.
 */
export function serviceData(stack: Stack, props: ServiceDataProps) {
  const { removalPolicy } = props;
  const table = new TableV2(stack, 'Table', {
    partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
    sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
    globalSecondaryIndexes: [
      {
        indexName: tableDefinition.gsi1.name,
        partitionKey: { name: tableDefinition.gsi1.partitionKey, type: AttributeType.STRING },
        sortKey: { name: tableDefinition.gsi1.sortKey, type: AttributeType.STRING },
      },
    ],
    timeToLiveAttribute: tableDefinition.ttlAttribute,
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: props.deletionProtection,
    removalPolicy,
  });

  // The account may administer the key but not use it: only statements added by
  // CmsFunction.useKey allow GenerateDataKey/Decrypt, each for its function's purposes.
  const key = new Key(stack, 'EnvelopeKey', {
    description: 'Content editing service: wraps the data keys of provider tokens and device codes',
    enableKeyRotation: true,
    removalPolicy,
    pendingWindow: Duration.days(30),
    policy: new PolicyDocument({
      statements: [
        new PolicyStatement({
          sid: 'AccountAdministersTheKey',
          principals: [new AccountRootPrincipal()],
          actions: keyAdministration,
          resources: ['*'],
        }),
      ],
    }),
  });

  // Never change this placeholder: CloudFormation would write it over the filled-in value.
  const githubApp = new Secret(stack, 'GitHubAppSecret', {
    description:
      'Content editing service: GitHub App credentials, JSON {"appId","clientId","clientSecret","privateKey"}. Created empty; fill it in after creating the GitHub App (docs/deploy-aws.md).',
    secretStringValue: SecretValue.unsafePlainText(
      JSON.stringify({ appId: '', clientId: '', clientSecret: '', privateKey: '' }),
    ),
    removalPolicy,
  });
  const tokenHmac = new Secret(stack, 'TokenHmacSecret', {
    description:
      'Content editing service: HMAC key of the API tokens (generated). Changing it revokes every API token.',
    generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    removalPolicy,
  });
  Validations.of(githubApp).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'GitHub App credentials are issued by GitHub; they are rotated in the GitHub App settings and stored here by hand.',
  });
  Validations.of(tokenHmac).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'Rotating the HMAC key revokes every API token at once; it is changed deliberately (put-secret-value), not on a schedule.',
  });
  return { table, key, githubApp, tokenHmac };
}

/** Key administration: no Encrypt, Decrypt, GenerateDataKey, ReEncrypt, nor CreateGrant (a way around the policy). */
const keyAdministration = [
  'kms:CreateAlias',
  'kms:Describe*',
  'kms:Enable*',
  'kms:List*',
  'kms:Put*',
  'kms:Update*',
  'kms:Revoke*',
  'kms:Disable*',
  'kms:Get*',
  'kms:Delete*',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
  'kms:RotateKeyOnDemand',
];
