import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deadLetterAlarm } from './dead-letter-alarm';
import { CmsFunction, type CmsFunctionProps } from './cms-function';

/** Receives of one message before SQS moves it to the dead-letter queue (the sender crashed on it each time). */
export const webhookMaxReceives = 3;

export interface WebhookDeliveriesProps extends Pick<
  CmsFunctionProps,
  'projectRoot' | 'network' | 'caBundle'
> {
  removalPolicy: RemovalPolicy;
  /** Private CIDRs or host names webhooks may reach (the deployment's `webhookAllowedPrivate`). */
  allowedPrivate: readonly string[];
}

/**
 * Webhook deliveries on AWS: the queue (SQS, encrypted, TLS only) the write path sends jobs to,
 * the webhook-sender function that consumes it (not behind the HTTP API), and the dead-letter
 * queue that receives a delivery whose last attempt failed (sent by the sender) or a message
 * the sender failed on `webhookMaxReceives` times (the redrive policy). Only functions given
 * `allowQueueing` may send to the queue; only the sender may receive and delete, and send to the
 * dead-letter queue. An alarm fires when the dead-letter queue holds anything.
 */
export class WebhookDeliveries extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly fn: CmsFunction;

  constructor(scope: Construct, id: string, props: WebhookDeliveriesProps) {
    super(scope, id);
    const timeout = Duration.seconds(60);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
    });
    this.queue = new Queue(this, 'Queue', {
      // Six times the sender's timeout, as Lambda's SQS guidance says, so a batch in flight is not handed out twice.
      visibilityTimeout: Duration.seconds(timeout.toSeconds() * 6),
      retentionPeriod: Duration.days(1),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: webhookMaxReceives },
      removalPolicy: props.removalPolicy,
    });
    // Receivers anywhere on the internet: the sender runs outside the VPC unless GitHub's network is needed (it is not).
    this.fn = new CmsFunction(scope, 'WebhookSenderFunction', {
      group: 'webhook-sender',
      projectRoot: props.projectRoot,
      removalPolicy: props.removalPolicy,
      timeout,
    });
    this.fn.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    this.fn
      .useWebhookQueue(this.queue)
      .useSetting('WEBHOOK_DLQ_URL', this.deadLetters.queueUrl)
      .useSetting('WEBHOOK_ALLOWED_PRIVATE', props.allowedPrivate.join(','));
    this.fn.addToRolePolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetters.queueArn] }),
    );
  }

  /** A function of the write path: may queue deliveries, nothing else on the queues. */
  allowQueueing(fn: CmsFunction): void {
    fn.useWebhookQueue(this.queue);
  }

  /** The dead-letter alarm, published to the service's alarm topic. */
  alarmTo(topic: ITopic): Alarm {
    return deadLetterAlarm(
      this,
      this.deadLetters,
      topic,
      'Webhook deliveries failed every attempt and wait in the dead-letter queue. What to do: docs/deploy-aws.md, Webhooks.',
    );
  }
}
