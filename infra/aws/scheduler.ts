import { Duration, Stack, Token, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { CmsFunction, type CmsFunctionProps } from './cms-function';

/** The EventBridge Scheduler actions the schedules group sends (shared/adapters/scheduler/scheduler-timer.ts). */
export const scheduleActions = [
  'scheduler:CreateSchedule',
  'scheduler:UpdateSchedule',
  'scheduler:DeleteSchedule',
] as const;

export interface ScheduledRunsProps extends Pick<
  CmsFunctionProps,
  'projectRoot' | 'removalPolicy' | 'network' | 'caBundle'
> {
  removalPolicy: RemovalPolicy;
}

/**
 * Scheduled publishing on AWS: a schedule group for the one-time schedules, the scheduler
 * function they invoke (not behind the HTTP API), and the role EventBridge Scheduler assumes to
 * invoke it, which may invoke that function and nothing else, and only for schedules of this
 * account. The schedules group's function arms schedules through `allowArming`.
 */
export class ScheduledRuns extends Construct {
  readonly fn: CmsFunction;
  readonly invokeRole: Role;
  readonly groupName: string;
  readonly scheduleArnPattern: string;

  constructor(scope: Construct, id: string, props: ScheduledRunsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.groupName = `${stack.stackName}-cms`.slice(0, 64);
    new CfnScheduleGroup(this, 'Group', { name: this.groupName });
    this.scheduleArnPattern = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.groupName}/cms-*`,
    });

    // A merge may take longer than an API request may: a few minutes, no reserved concurrency needed (a handful of runs at a time).
    this.fn = new CmsFunction(scope, 'SchedulerFunction', {
      group: 'scheduler',
      projectRoot: props.projectRoot,
      removalPolicy: props.removalPolicy,
      timeout: Duration.minutes(2),
      network: props.network,
      caBundle: props.caBundle,
    });
    this.invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
      description: 'Content editing service: EventBridge Scheduler invokes the scheduler function',
    });
    this.invokeRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.functionArn] }),
    );
  }

  /** The schedules group's function: create, move and delete this stack's `cms-*` schedules, handing them the invoke role only. */
  allowArming(fn: CmsFunction): void {
    fn.useScheduler({
      groupName: this.groupName,
      functionArn: this.fn.functionArn,
      roleArn: this.invokeRole.roleArn,
    });
    fn.addToRolePolicy(
      new PolicyStatement({ actions: [...scheduleActions], resources: [this.scheduleArnPattern] }),
    );
    const stack = Stack.of(this);
    const shown = (value: string, pseudo: string) =>
      Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value;
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${shown(stack.region, 'Region')}:${shown(stack.account, 'AccountId')}:schedule/${this.groupName}/cms-*]`,
      reason:
        "Each schedule is named cms-<random id> when it is set; the grant is limited to this stack's schedule group and that prefix, and to create, update and delete.",
    });
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['iam:PassRole'],
        resources: [this.invokeRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  }
}
