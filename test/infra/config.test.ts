import { App, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsStack } from '../../infra/aws/cms-stack';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import {
  defaultReservedConcurrency,
  environmentNames,
  loadConfig,
  parseConfig,
} from '../../infra/aws/config';
import { routes } from '../../shared/routes';
import { fakeEditorBuild, projectRoot } from './support/synth';

const parse = (raw: unknown) => () => parseConfig(raw, 'test.json', projectRoot);
const minimal = { stackName: 'Cms-test' };

describe('an environment file', () => {
  it('needs only a stack name; everything else has a safe default', () => {
    // Act
    const config = parseConfig(minimal, 'test.json', projectRoot);

    // Assess
    expect(config).toMatchObject({
      removalPolicy: 'retain',
      deletionProtection: true,
      originVerify: true,
      waf: { mode: 'off' },
      reservedConcurrency: {},
    });
    expect(config.throttling.authRateLimit).toBeLessThan(config.throttling.rateLimit);
    expect(config.previewFrameOrigins).toEqual(['https://*.pages.dev']);
  });

  it('takes the preview hosts the editor may frame, refusing what is not a CSP host-source', () => {
    expect(
      parseConfig(
        {
          ...minimal,
          previewFrameOrigins: ['https://*.netlify.app', 'https://preview.example.org:8443'],
        },
        'test.json',
        projectRoot,
      ).previewFrameOrigins,
    ).toEqual(['https://*.netlify.app', 'https://preview.example.org:8443']);
    expect(
      parseConfig({ ...minimal, previewFrameOrigins: [] }, 'test.json', projectRoot)
        .previewFrameOrigins,
    ).toEqual([]);
    expect(parse({ ...minimal, previewFrameOrigins: ['*'] })).toThrow(/previewFrameOrigins/);
  });

  it('takes reserved concurrency for every endpoint group of the route table, webhooks (every GitHub delivery) included', () => {
    // Prepare
    const everyGroup = Object.fromEntries(
      [...new Set(routes.map((route) => route.group))].map((group, i) => [group, i + 1]),
    );

    // Act
    const config = parseConfig(
      { ...minimal, reservedConcurrency: everyGroup },
      'test.json',
      projectRoot,
    );

    // Assess
    expect(config.reservedConcurrency).toEqual(everyGroup);
    expect(Object.keys(everyGroup)).toEqual(
      expect.arrayContaining(['media', 'schedules', 'activity', 'webhooks']),
    );
    expect(parse({ ...minimal, reservedConcurrency: { 'webhook-sender': 2 } })).toThrow(
      /reservedConcurrency/,
    );
  });

  it('fails naming the file and the field that is missing or wrong', () => {
    expect(parse({})).toThrow(/^test\.json: stackName: /);
    expect(parse({ ...minimal, removalPolicy: 'keep' })).toThrow(/^test\.json: removalPolicy: /);
    expect(parse({ ...minimal, throttling: { rateLimit: -1 } })).toThrow(
      /^test\.json: throttling\.rateLimit: /,
    );
    expect(parse({ ...minimal, reservedConcurrency: { content: 0 } })).toThrow(
      /reservedConcurrency/,
    );
    expect(parse({ ...minimal, githubEnterpriseUrl: 'http://github.example.com' })).toThrow(
      /githubEnterpriseUrl/,
    );
    expect(
      parse({
        ...minimal,
        certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/x',
        domainName: 'cms.example.org',
      }),
    ).toThrow(/certificateArn: must be an ACM certificate ARN in us-east-1/);
    expect(parse({ ...minimal, domainName: 'cms.example.org' })).toThrow(
      /certificateArn: domainName and certificateArn go together/,
    );
    expect(parse({ ...minimal, alarmEmail: 'nobody' })).toThrow(/alarmEmail/);
    expect(
      parse({
        ...minimal,
        waf: { mode: 'arn', webAclArn: 'arn:aws:wafv2:eu-west-1:111122223333:regional/webacl/x/1' },
      }),
    ).toThrow(/waf\.webAclArn: must be the ARN of a CloudFront/);
    expect(parse({ ...minimal, region: 'eu-west-1', waf: { mode: 'create' } })).toThrow(
      /waf\.mode: a CloudFront WebACL can only be created in us-east-1/,
    );
    expect(
      parse({
        ...minimal,
        vpc: {
          vpcId: 'vpc-1',
          privateSubnetIds: ['subnet-1', 'subnet-2'],
          availabilityZones: ['eu-west-1a'],
          securityGroupIds: ['sg-1'],
        },
      }),
    ).toThrow(/vpc\.availabilityZones: must list one zone per subnet/);
    expect(
      parse({
        ...minimal,
        vpc: {
          vpcId: 'vpc-1',
          privateSubnetIds: ['subnet-1'],
          availabilityZones: ['eu-west-1a'],
          securityGroupIds: ['group'],
        },
      }),
    ).toThrow(/vpc\.securityGroupIds\[0\]: must be security group ids/);
    expect(parse({ ...minimal, caBundle: 'certs/missing.pem' })).toThrow(
      /caBundle: certs\/missing\.pem does not exist/,
    );
    // A misspelt setting is an error, not silently the default.
    expect(parse({ ...minimal, domainname: 'cms.example.org' })).toThrow(
      /^test\.json: Unrecognized key: "domainname"/,
    );
    expect(parse({ ...minimal, throttling: { ratelimit: 5 } })).toThrow(
      /^test\.json: throttling: Unrecognized key: "ratelimit"/,
    );
  });

  it('is chosen by name; an unknown name lists the ones there are', () => {
    expect(environmentNames(projectRoot)).toEqual(['dev', 'prod']);
    expect(() => loadConfig(projectRoot, 'staging')).toThrow(
      /No environment "staging": choose one of dev, prod/,
    );
  });
});

describe('the checked-in environments', () => {
  let outdir: string;
  let webDist: string;
  beforeAll(() => {
    outdir = mkdtempSync(path.join(os.tmpdir(), 'cms-envs-'));
    webDist = fakeEditorBuild(outdir);
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  // Every environment synthesised under cdk-nag: about 28 s alone, more on a busy machine.
  it('synthesise side by side in one app, cdk-nag clean, each as its file says', () => {
    // Prepare
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
    const stacks = environmentNames(projectRoot).map((name) => {
      const config = loadConfig(projectRoot, name);
      const stack = new CmsStack(app, config.stackName, {
        projectRoot,
        webDistPath: webDist,
        removalPolicy:
          config.removalPolicy === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
        deletionProtection: config.deletionProtection,
        githubEnterpriseUrl: config.githubEnterpriseUrl,
        protection: config,
        network: config,
        env: { account: config.account ?? '111122223333', region: config.region ?? 'eu-west-1' },
      });
      return { name, config, stack };
    });
    const findings = new AwsSolutionsChecks()
      .validateScope(app)
      .violations.map((violation) => violation.ruleName);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

    // Act
    const templates = stacks.map(({ name, config, stack }) => ({
      name,
      config,
      template: Template.fromStack(stack).toJSON() as {
        Resources: Record<string, { Type: string; Properties: Record<string, any> }>;
      },
    }));

    // Assess
    expect(findings).toEqual([]);
    expect(new Set(stacks.map(({ stack }) => stack.stackName)).size).toBe(stacks.length);
    for (const { name, config, template } of templates) {
      const ofType = (type: string) =>
        Object.values(template.Resources).filter((resource) => resource.Type === type);
      expect(ofType('AWS::WAFv2::WebACL'), name).toHaveLength(config.waf.mode === 'create' ? 1 : 0);
      expect(
        ofType('AWS::ApiGatewayV2::Stage')[0]!.Properties.DefaultRouteSettings,
        name,
      ).toMatchObject({ ThrottlingRateLimit: config.throttling.rateLimit });
      const reserved = ofType('AWS::Lambda::Function')
        .map((fn) => fn.Properties.ReservedConcurrentExecutions)
        .filter((value) => value !== undefined);
      expect(reserved.length > 0, name).toBe(config.reservedConcurrency !== false);
    }
    for (const { name, config, stack } of stacks) {
      const template = templates.find((entry) => entry.name === name)!.template;
      for (const [group, fn] of stack.functions) {
        const resource =
          template.Resources[stack.getLogicalId(fn.node.defaultChild as CfnFunction)]!;
        const wanted =
          config.reservedConcurrency === false
            ? undefined
            : (config.reservedConcurrency[group] ?? defaultReservedConcurrency[group]);
        expect(resource.Properties.ReservedConcurrentExecutions, `${name} ${group}`).toBe(wanted);
      }
    }
  }, 120_000);
});
