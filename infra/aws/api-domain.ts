import { CfnOutput, Stack, Token } from 'aws-cdk-lib';
import {
  ApiMapping,
  DomainName,
  SecurityPolicy,
  type HttpApi,
  type HttpStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import type { DeploymentConfig } from './config';

export type ApiDomainSettings = NonNullable<DeploymentConfig['apiDomain']>;

export interface ApiCustomDomainProps {
  api: HttpApi;
  stage: HttpStage;
  settings: ApiDomainSettings;
}

/**
 * The API's own regional custom domain, which CloudFront uses as the API's origin while the
 * default execute-api endpoint is disabled (the stack sets `disableExecuteApiEndpoint` with it):
 * the API then answers at no address but this one. With a hosted zone, its alias records (A and
 * AAAA) point the name at the domain; without one, the operator points a CNAME at the
 * `ApiDomainTarget` output. Requests sent straight to this name, around CloudFront, still count
 * against the stage's throttle before the origin check refuses them (docs/deploy-aws.md).
 */
export class ApiCustomDomain extends Construct {
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiCustomDomainProps) {
    super(scope, id);
    const { settings } = props;
    const region = Stack.of(this).region;
    const certificateRegion = settings.certificateArn.split(':')[3];
    if (!Token.isUnresolved(region) && certificateRegion !== region) {
      throw new Error(
        `apiDomain.certificateArn must be in the stack's region, ${region} (a regional API Gateway domain takes a certificate from its own region): ${settings.certificateArn}`,
      );
    }
    this.domainName = settings.domainName;
    const domain = new DomainName(this, 'Domain', {
      domainName: settings.domainName,
      certificate: Certificate.fromCertificateArn(this, 'Certificate', settings.certificateArn),
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    new ApiMapping(this, 'Mapping', { api: props.api, domainName: domain, stage: props.stage });
    if (settings.hostedZone) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: settings.hostedZone.id,
        zoneName: settings.hostedZone.name,
      });
      const target = RecordTarget.fromAlias(
        new ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId),
      );
      new ARecord(this, 'Alias', { zone, recordName: settings.domainName, target });
      new AaaaRecord(this, 'AliasIpv6', { zone, recordName: settings.domainName, target });
    }
    new CfnOutput(Stack.of(this), 'ApiDomainTarget', {
      value: domain.regionalDomainName,
      description: settings.hostedZone
        ? `Where the alias records of ${settings.domainName} point`
        : `Point a CNAME record for ${settings.domainName} at this name`,
    });
  }
}
