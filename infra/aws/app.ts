import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CmsStack } from './cms-stack';
import { ConfigError, environmentNames, loadConfig } from './config';

/**
 * `npx cdk synth|deploy [-c env=<name>]`. Each environment is a checked-in, validated file,
 * infra/aws/environments/<name>.json (config.ts); without `-c env` the app holds every
 * environment's stack (deploy one by its stack name), with it only that one.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const app = new App();

// The settings that used to be `-c` flags live in the environment files now: refuse them rather than ignore them.
const legacy = [
  'domainName',
  'certificateArn',
  'githubEnterpriseUrl',
  'removalPolicy',
  'deletionProtection',
  'stackName',
  'alarmEmail',
].filter((name) => app.node.tryGetContext(name) !== undefined);
if (legacy.length)
  throw new ConfigError(
    `-c ${legacy.join(', -c ')}: these settings live in infra/aws/environments/<env>.json now; select one with -c env=<env>`,
  );

const selected: unknown = app.node.tryGetContext('env');
const environments =
  selected === undefined || selected === '' ? environmentNames(projectRoot) : [String(selected)];
const webDistPath = builtEditor(projectRoot);
for (const name of environments) {
  const config = loadConfig(projectRoot, name);
  new CmsStack(app, config.stackName, {
    projectRoot,
    webDistPath,
    domainName: config.domainName,
    certificateArn: config.certificateArn,
    apiDomain: config.apiDomain,
    githubEnterpriseUrl: config.githubEnterpriseUrl,
    removalPolicy:
      config.removalPolicy === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    deletionProtection: config.deletionProtection,
    protection: config,
    network: config,
    alarmEmail: config.alarmEmail,
    previewFrameOrigins: config.previewFrameOrigins,
    activityRetentionDays: config.activityRetentionDays,
    webhookAllowedPrivate: config.webhookAllowedPrivate,
    env: {
      account: config.account ?? process.env.CDK_DEFAULT_ACCOUNT,
      region: config.region ?? process.env.CDK_DEFAULT_REGION,
    },
    tags: { 'cms:environment': name },
  });
}

// cdk-nag 3: unacknowledged AwsSolutions findings fail synthesis, and so every deploy.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

/**
 * The editor as built by `npm run build:web`. A fresh clone has none, so it is built here (vite,
 * offline, about a second); an existing build is used as it is: build before deploying a change.
 */
function builtEditor(root: string): string {
  const dist = path.join(root, 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    process.stderr.write('web/dist is missing: building the editor (npm run build:web)\n');
    execFileSync('npm', ['run', '--silent', 'build:web'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return dist;
}
