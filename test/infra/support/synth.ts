import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { CmsStack, type CmsStackProps } from '../../../infra/aws/cms-stack';
import type { TableGroup } from '../../../infra/aws/group-needs';
import type { UploadsBucket } from '../../../infra/aws/uploads-bucket';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A stand-in for web/dist, so the infra tests need no editor build. */
export function fakeEditorBuild(root: string): string {
  const dist = path.join(root, 'web-dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><script type="module" src="/app/assets/index-abc.js"></script>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("editor")');
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{}');
  return dist;
}

export interface Synthesised {
  app: App;
  stack: CmsStack;
  template: Template;
  outdir: string;
  /** The group whose function has this logical id. */
  groupOf(logicalId: string): TableGroup | undefined;
  logicalIdOf(group: TableGroup): string;
  cleanup(): void;
}

export interface SynthOptions {
  props?: Partial<CmsStackProps>;
  /** Bundle the functions with esbuild (slow); otherwise CDK skips bundling. */
  bundle?: boolean;
  /** CDK's built-in CloudFormation schema validation (about 3 s of WASM start-up per synthesis). */
  cloudFormationValidation?: boolean;
  /** Runs between building the stack and synthesising it (e.g. registering cdk-nag). */
  beforeSynth?: (app: App, stack: CmsStack) => void;
}

/** One synthesis of the stack into a temporary directory, removed by `cleanup`. */
export function synthesise(options: SynthOptions = {}): Synthesised {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'cms-infra-'));
  const app = new App({
    outdir,
    builtinCloudFormationValidation: options.cloudFormationValidation ?? false,
    context: options.bundle
      ? { 'aws:cdk:enable-asset-metadata': true }
      : { 'aws:cdk:bundling-stacks': [] },
  });
  const stack = new CmsStack(app, 'Cms', {
    projectRoot,
    webDistPath: fakeEditorBuild(outdir + '-web'),
    ...options.props,
  });
  options.beforeSynth?.(app, stack);
  const template = Template.fromStack(stack);
  const ids = new Map(
    [...stack.functions].map(([group, fn]) => [
      Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnFunction),
      group,
    ]),
  );
  return {
    app,
    stack,
    template,
    outdir,
    groupOf: (logicalId) => ids.get(logicalId),
    logicalIdOf: (group) => [...ids].find(([, owner]) => owner === group)![0],
    cleanup() {
      rmSync(outdir, { recursive: true, force: true });
      rmSync(`${outdir}-web`, { recursive: true, force: true });
    },
  };
}

/** A template value as text: `Fn::Join` joined, `Ref`s and `Fn::GetAtt`s as `${Name}` (`${Id.Attr}`). */
export function renderedText(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = value as {
    'Fn::Join'?: [string, unknown[]];
    Ref?: string;
    'Fn::GetAtt'?: [string, string];
  };
  if (object['Fn::Join'])
    return object['Fn::Join'][1].map(renderedText).join(object['Fn::Join'][0]);
  if (object.Ref) return `\${${object.Ref}}`;
  if (object['Fn::GetAtt']) return `\${${object['Fn::GetAtt'].join('.')}}`;
  throw new Error(`Not a text value: ${JSON.stringify(value)}`);
}

/** The uploads bucket's origin (connect-src, CORS) as the template renders it. */
export function uploadsOriginOf(synth: Pick<Synthesised, 'stack'>): string {
  return renderedText(
    synth.stack.resolve((synth.stack.node.findChild('Uploads') as UploadsBucket).origin),
  );
}
