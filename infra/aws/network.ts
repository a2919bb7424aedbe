import { SecurityGroup, Vpc } from 'aws-cdk-lib/aws-ec2';
import type { Construct } from 'constructs';
import type { CmsFunctionProps } from './cms-function';
import type { DeploymentConfig } from './config';

export type NetworkSettings = Pick<DeploymentConfig, 'vpc' | 'caBundle'>;

/**
 * Where the GitHub-facing functions run when GitHub Enterprise Server is on a private network:
 * an existing VPC, named by ids so synthesis stays offline (no lookup). The subnets need routes to
 * GHES and to DynamoDB, KMS, Secrets Manager and CloudWatch Logs (NAT, or VPC endpoints).
 */
export function githubNetwork(
  scope: Construct,
  vpc: NetworkSettings['vpc'],
): CmsFunctionProps['network'] {
  if (!vpc) return undefined;
  const imported = Vpc.fromVpcAttributes(scope, 'GitHubVpc', {
    vpcId: vpc.vpcId,
    availabilityZones: vpc.availabilityZones,
    privateSubnetIds: vpc.privateSubnetIds,
  });
  return {
    vpc: imported,
    subnets: { subnets: imported.privateSubnets },
    securityGroups: vpc.securityGroupIds.map((id, index) =>
      SecurityGroup.fromSecurityGroupId(scope, `GitHubSecurityGroup${index}`, id, {
        mutable: false,
      }),
    ),
  };
}
