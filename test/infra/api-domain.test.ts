import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../infra/aws/config';
import { originHeader } from '../../shared/http/origin-check';
import { stackTemplate, type Resource, type StackTemplate } from './support/stack-template';
import {
  projectRoot,
  renderedText,
  synthesise,
  type SynthOptions,
  type Synthesised,
} from './support/synth';

/**
 * The API's own custom domain (environment file `apiDomain`): CloudFront's API origin, with the
 * default execute-api endpoint disabled; and the stack without it, where CloudFront forwards to
 * the execute-api address.
 */

const apiDomain = {
  domainName: 'api.cms.example.org',
  certificateArn:
    'arn:aws:acm:eu-west-1:111122223333:certificate/0f5e2c1a-1111-2222-3333-444455556666',
  hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'example.org' },
};
const env = { account: '111122223333', region: 'eu-west-1' };

interface Shape {
  synth: Synthesised;
  template: StackTemplate;
  outputs: Record<string, { Value: unknown; Description?: string }>;
  nagFindings: string[];
}

function shape(props: SynthOptions['props'], cloudFormationValidation = false): Shape {
  let nagFindings: string[] = [];
  const synth = synthesise({
    props,
    cloudFormationValidation,
    beforeSynth: (app) => {
      nagFindings = new AwsSolutionsChecks()
        .validateScope(app)
        .violations.flatMap((v) =>
          v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`),
        );
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    },
  });
  return {
    synth,
    template: stackTemplate(synth),
    outputs: synth.template.toJSON().Outputs,
    nagFindings,
  };
}

const only = <T>(items: [string, T][]): T => {
  expect(items).toHaveLength(1);
  return items[0]![1];
};
const apiOriginOf = (template: StackTemplate) => {
  const distribution = only(template.ofType('AWS::CloudFront::Distribution'));
  return (
    distribution.Properties.DistributionConfig.Origins as {
      DomainName: unknown;
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: { HeaderName: string }[];
    }[]
  ).find((origin) => origin.CustomOriginConfig)!;
};

let plain: Shape;
let zoned: Shape;
let unzoned: Shape;

beforeAll(() => {
  plain = shape({ env });
  zoned = shape({ env, apiDomain }, true);
  unzoned = shape({
    env,
    apiDomain: { domainName: apiDomain.domainName, certificateArn: apiDomain.certificateArn },
  });
});
afterAll(() => {
  for (const built of [plain, zoned, unzoned]) built?.synth.cleanup();
});

describe('without an API domain', () => {
  it("forwards CloudFront's API behaviours to the execute-api address, which stays enabled and refuses requests without the origin secret", () => {
    // Act
    const api = only(plain.template.ofType('AWS::ApiGatewayV2::Api'));
    const origin = apiOriginOf(plain.template);

    // Assess
    expect(api.Properties.DisableExecuteApiEndpoint).toBeUndefined();
    expect(renderedText(origin.DomainName)).toMatch(
      /^\$\{Api[0-9A-F]+\}\.execute-api\.eu-west-1\.\$\{AWS::URLSuffix\}$/,
    );
    expect(origin.OriginCustomHeaders!.map((header) => header.HeaderName)).toContain(originHeader);
    expect(plain.template.ofType('AWS::ApiGatewayV2::DomainName')).toEqual([]);
    expect(renderedText(plain.outputs.ApiUrl!.Value)).toBe(
      `https://${renderedText(origin.DomainName)}`,
    );
    expect(plain.outputs.ExecuteApiUrl).toBeUndefined();
    expect(plain.outputs.ApiDomainTarget).toBeUndefined();
  });
});

describe('with an API domain and its hosted zone', () => {
  it("disables the execute-api endpoint and makes the custom domain CloudFront's API origin, the origin secret still sent", () => {
    // Act
    const api = only(zoned.template.ofType('AWS::ApiGatewayV2::Api'));
    const origin = apiOriginOf(zoned.template);

    // Assess
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(true);
    expect(origin.DomainName).toBe('api.cms.example.org');
    expect(origin.OriginCustomHeaders!.map((header) => header.HeaderName)).toContain(originHeader);
    expect(zoned.outputs.ApiUrl!.Value).toBe('https://api.cms.example.org');
    expect(renderedText(zoned.outputs.ExecuteApiUrl!.Value)).toMatch(
      /^https:\/\/\$\{Api[0-9A-F]+\}\.execute-api\.eu-west-1\./,
    );
  });

  it("creates the regional domain with its certificate and TLS 1.2, mapped to the API's stage", () => {
    // Act
    const [[domainId, domain]] = zoned.template.ofType('AWS::ApiGatewayV2::DomainName') as [
      [string, Resource],
    ];
    const mapping = only(zoned.template.ofType('AWS::ApiGatewayV2::ApiMapping')) as Resource & {
      DependsOn?: string[];
    };
    const [[apiId]] = zoned.template.ofType('AWS::ApiGatewayV2::Api') as [[string, Resource]];
    const [[stageId]] = zoned.template.ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];

    // Assess
    expect(domain.Properties).toEqual({
      DomainName: 'api.cms.example.org',
      DomainNameConfigurations: [
        {
          CertificateArn: apiDomain.certificateArn,
          EndpointType: 'REGIONAL',
          SecurityPolicy: 'TLS_1_2',
        },
      ],
    });
    expect(mapping.Properties).toEqual({
      ApiId: { Ref: apiId },
      DomainName: { Ref: domainId },
      Stage: '$default',
    });
    expect(mapping.DependsOn).toContain(stageId);
  });

  it('points the name at the domain with alias A and AAAA records in the zone', () => {
    // Act
    const records = zoned.template
      .ofType('AWS::Route53::RecordSet')
      .map(([, record]) => record.Properties);
    const [[domainId]] = zoned.template.ofType('AWS::ApiGatewayV2::DomainName') as [
      [string, Resource],
    ];

    // Assess
    expect(records.map((record) => record.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of records) {
      expect(record).toMatchObject({
        Name: 'api.cms.example.org.',
        HostedZoneId: 'Z0123456789ABCDEFGHIJ',
      });
      expect(record.AliasTarget).toEqual({
        DNSName: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] },
        HostedZoneId: { 'Fn::GetAtt': [domainId, 'RegionalHostedZoneId'] },
      });
    }
    expect(zoned.outputs.ApiDomainTarget!.Value).toEqual({
      'Fn::GetAtt': [domainId, 'RegionalDomainName'],
    });
  });

  it("leaves no cdk-nag finding unacknowledged, and passes CloudFormation's schema validation", () => {
    // Act
    const report = JSON.parse(
      readFileSync(path.join(zoned.synth.outdir, 'validation-report.json'), 'utf8'),
    ) as { pluginReports: { violations?: unknown[] }[] };

    // Assess
    expect(zoned.nagFindings).toEqual([]);
    expect(unzoned.nagFindings).toEqual([]);
    expect(report.pluginReports.flatMap((plugin) => plugin.violations ?? [])).toEqual([]);
  });
});

describe('with an API domain and no hosted zone', () => {
  it('creates no DNS record and outputs the target the operator points a CNAME at', () => {
    // Act
    const [[domainId]] = unzoned.template.ofType('AWS::ApiGatewayV2::DomainName') as [
      [string, Resource],
    ];

    // Assess
    expect(unzoned.template.ofType('AWS::Route53::RecordSet')).toEqual([]);
    expect(
      only(unzoned.template.ofType('AWS::ApiGatewayV2::Api')).Properties.DisableExecuteApiEndpoint,
    ).toBe(true);
    expect(apiOriginOf(unzoned.template).DomainName).toBe('api.cms.example.org');
    expect(unzoned.outputs.ApiDomainTarget).toEqual({
      Value: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] },
      Description: 'Point a CNAME record for api.cms.example.org at this name',
    });
  });
});

describe('an API domain that cannot work', () => {
  const parse = (raw: Record<string, unknown>) => () =>
    parseConfig({ stackName: 'Cms-test', region: 'eu-west-1', ...raw }, 'test.json', projectRoot);

  it('is refused by the environment file, naming the field', () => {
    expect(
      parse({
        apiDomain: {
          ...apiDomain,
          certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/x',
        },
      }),
    ).toThrow(
      /^test\.json: apiDomain\.certificateArn: must be in the stack's region, eu-west-1 .* not us-east-1$/,
    );
    expect(
      parse({
        domainName: 'api.cms.example.org',
        certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/x',
        apiDomain,
      }),
    ).toThrow(/apiDomain\.domainName: must differ from domainName/);
    expect(
      parse({ apiDomain: { ...apiDomain, hostedZone: { id: 'Z0123', name: 'example.com' } } }),
    ).toThrow(
      /apiDomain\.hostedZone\.name: api\.cms\.example\.org is not in the zone example\.com/,
    );
    expect(
      parse({
        apiDomain: { ...apiDomain, hostedZone: { id: 'example.org', name: 'example.org' } },
      }),
    ).toThrow(/apiDomain\.hostedZone\.id: must be a Route 53 hosted zone id/);
    expect(parse({ apiDomain: { domainName: 'api.cms.example.org' } })).toThrow(
      /apiDomain\.certificateArn/,
    );
    expect(parse({ apiDomain })().apiDomain).toEqual(apiDomain);
  });

  it('is refused by the stack when its certificate is in another region', () => {
    expect(() =>
      synthesise({
        props: {
          env,
          apiDomain: {
            ...apiDomain,
            certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/x',
          },
        },
      }),
    ).toThrow(/apiDomain\.certificateArn must be in the stack's region, eu-west-1/);
  });
});
