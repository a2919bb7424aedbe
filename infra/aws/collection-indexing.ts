import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deadLetterAlarm } from './dead-letter-alarm';
import { CmsFunction, type CmsFunctionProps } from './cms-function';

/** Receives of one job before SQS moves it to the dead-letter queue (the indexer failed on it each time). */
export const indexMaxReceives = 3;
/** The indexer's timeout; its runs stop a minute before (functions/indexer/handler.ts) and queue their continuation. */
export const indexerTimeout = Duration.minutes(5);
/** Index builds running at once, at most: GitHub's limits are per installation, the table's capacity is shared. */
export const indexerConcurrency = 4;

export interface CollectionIndexingProps extends Pick<
  CmsFunctionProps,
  'projectRoot' | 'network' | 'caBundle'
> {
  removalPolicy: RemovalPolicy;
}

/**
 * Collection indexes on AWS (shared/content/collection-index/): the queue (SQS, encrypted, TLS
 * only) that lists, connections and push webhooks send jobs to, the indexer function that consumes
 * it one job at a time (not behind the HTTP API; in the GitHub network when there is one), and the
 * dead-letter queue that receives a job the indexer failed on `indexMaxReceives` times. Only
 * functions given `allowQueueing` may send to the queue; the indexer also sends to it (its own
 * continuations and rate-limit waits). An alarm fires when the dead-letter queue holds anything.
 */
export class CollectionIndexing extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly fn: CmsFunction;

  constructor(scope: Construct, id: string, props: CollectionIndexingProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
    });
    this.queue = new Queue(this, 'Queue', {
      // Six times the indexer's timeout, as Lambda's SQS guidance says, so a job in flight is not handed out twice.
      visibilityTimeout: Duration.seconds(indexerTimeout.toSeconds() * 6),
      retentionPeriod: Duration.days(1),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: indexMaxReceives },
      removalPolicy: props.removalPolicy,
    });
    this.fn = new CmsFunction(scope, 'IndexerFunction', {
      group: 'indexer',
      projectRoot: props.projectRoot,
      removalPolicy: props.removalPolicy,
      timeout: indexerTimeout,
      network: props.network,
      caBundle: props.caBundle,
    });
    this.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 1,
        maxConcurrency: indexerConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    this.fn.useIndexQueue(this.queue);
  }

  /** A function that asks for builds (lists, connections, push webhooks): may send to the queue, nothing else on it. */
  allowQueueing(fn: CmsFunction): void {
    fn.useIndexQueue(this.queue);
  }

  /** The dead-letter alarm, published to the service's alarm topic. */
  alarmTo(topic: ITopic): Alarm {
    return deadLetterAlarm(
      this,
      this.deadLetters,
      topic,
      'Collection index jobs failed three times and wait in the dead-letter queue. What to do: docs/deploy-aws.md, Collection indexes.',
    );
  }
}
