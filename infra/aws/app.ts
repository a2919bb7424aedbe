import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CmsStack } from './cms-stack';

/**
 * `npx cdk synth|deploy`. Options come from CDK context (`-c name=value` or cdk.json):
 * domainName + certificateArn, githubEnterpriseUrl, removalPolicy (retain|destroy),
 * deletionProtection (true|false), alarmEmail, stackName.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const app = new App();
const context = (name: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(name);
  return value === undefined || value === '' ? undefined : String(value);
};

const removalPolicy = context('removalPolicy') ?? 'retain';
if (removalPolicy !== 'retain' && removalPolicy !== 'destroy') throw new Error(`removalPolicy must be retain or destroy, not ${removalPolicy}`);

new CmsStack(app, context('stackName') ?? 'ContentEditingService', {
  projectRoot,
  webDistPath: builtEditor(projectRoot),
  domainName: context('domainName'),
  certificateArn: context('certificateArn'),
  githubEnterpriseUrl: context('githubEnterpriseUrl'),
  removalPolicy: removalPolicy === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
  deletionProtection: context('deletionProtection') !== 'false',
  alarmEmail: context('alarmEmail'),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});

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
    execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return dist;
}
