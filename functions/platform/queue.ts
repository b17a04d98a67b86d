import { randomUUID } from 'node:crypto';
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { sqsClient } from './clients/sqs';
import { logger } from './log';

/**
 * A work queue port (the daily feed re-check, docs/order-feed.md "Daily re-check"): AWS = SQS
 * with a Lambda event source; locally, where no SQS emulator runs, an in-process queue that
 * hands each message to the same worker handler with the same rules: one message per event,
 * partial batch failures honoured, a failed delivery is delivered again until maxReceiveCount,
 * then the message goes to a dead-letter list (logged as an error, returned by drain()).
 */
export interface WorkQueue {
  /** Sends every body (JSON) and resolves once all are accepted; throws when some could not be. */
  sendAll(bodies: readonly unknown[]): Promise<void>;
}

/** SendMessageBatch's limit. */
const SQS_BATCH = 10;

export function sqsQueue(queueUrl: string, client = sqsClient()): WorkQueue {
  return {
    async sendAll(bodies) {
      for (let i = 0; i < bodies.length; i += SQS_BATCH) {
        let entries: SendMessageBatchRequestEntry[] = bodies.slice(i, i + SQS_BATCH).map((body, n) => ({ Id: String(i + n), MessageBody: JSON.stringify(body) }));
        // A batch can partly fail (throttling): send the failed entries again, then give up loudly.
        for (let attempt = 1; entries.length > 0; attempt++) {
          const answer = await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
          const failed = new Set((answer.Failed ?? []).map((f) => f.Id));
          entries = entries.filter((entry) => failed.has(entry.Id));
          if (entries.length > 0 && (attempt >= 3 || (answer.Failed ?? []).some((f) => f.SenderFault))) {
            throw new Error(`SQS refused ${entries.length} message(s): ${(answer.Failed ?? []).map((f) => f.Code).join(', ')}`);
          }
          if (entries.length > 0) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    },
  };
}

export type QueueWorker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

export interface LocalQueueOptions {
  /** Deliveries of one message before it is dead-lettered (the SQS redrive policy's). */
  maxReceiveCount: number;
  /** Messages handled at the same time (the event source's maximum concurrency). */
  concurrency: number;
  /** The worker's time limit, as its Lambda context tells it (not enforced locally). */
  timeoutMs: number;
  /** Where the queue's source ARN would point (shows in the records). */
  name?: string;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  error: string;
}

export interface LocalQueueReport {
  /** Messages the worker handled successfully. */
  handled: number;
  /** Deliveries that failed (each was delivered again or dead-lettered). */
  failedDeliveries: number;
  deadLettered: DeadLetter[];
}

export interface LocalWorkQueue extends WorkQueue {
  /** Resolves when every message sent so far was handled or dead-lettered. */
  drain(): Promise<LocalQueueReport>;
}

interface Pending {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: number;
}

/**
 * The local stand-in for SQS + the Lambda event source. Redeliveries go to the back of the
 * queue at once (SQS would wait for the visibility timeout): same outcomes, without the wait.
 */
export function localQueue(worker: QueueWorker, options: LocalQueueOptions): LocalWorkQueue {
  const waiting: Pending[] = [];
  const report: LocalQueueReport = { handled: 0, failedDeliveries: 0, deadLettered: [] };
  let running = 0;
  let idle: Array<() => void> = [];
  const source = `arn:aws:sqs:local:000000000000:${options.name ?? 'local-queue'}`;

  const settleIfIdle = () => {
    if (running > 0 || waiting.length > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };

  const pump = () => {
    while (running < options.concurrency && waiting.length > 0) {
      const message = waiting.shift()!;
      running++;
      void deliver(message).finally(() => {
        running--;
        pump();
        settleIfIdle();
      });
    }
  };

  async function deliver(message: Pending): Promise<void> {
    message.receiveCount++;
    const record: SQSRecord = {
      messageId: message.messageId,
      receiptHandle: `${message.messageId}#${message.receiveCount}`,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: source,
      awsRegion: 'local',
    };
    const started = Date.now();
    const context = {
      functionName: options.name ?? 'local-queue-worker',
      awsRequestId: randomUUID(),
      getRemainingTimeInMillis: () => Math.max(0, options.timeoutMs - (Date.now() - started)),
    } as unknown as Context;
    let error: string | null = null;
    try {
      const answer = await worker({ Records: [record] }, context);
      if (answer?.batchItemFailures?.some((f) => f.itemIdentifier === message.messageId)) error = 'reported as a batch item failure';
    } catch (thrown) {
      error = `${(thrown as Error).name}: ${(thrown as Error).message}`;
    }
    if (!error) {
      report.handled++;
      return;
    }
    report.failedDeliveries++;
    if (message.receiveCount < options.maxReceiveCount) {
      waiting.push(message);
      return;
    }
    const dead: DeadLetter = { messageId: message.messageId, body: message.body, receiveCount: message.receiveCount, error };
    report.deadLettered.push(dead);
    logger().error('dead-lettered', { queue: options.name ?? 'local-queue', ...dead });
  }

  return {
    async sendAll(bodies) {
      for (const body of bodies) waiting.push({ messageId: randomUUID(), body: JSON.stringify(body), receiveCount: 0, sentAt: Date.now() });
      pump();
    },
    drain() {
      return new Promise((resolve) => {
        idle.push(() => resolve({ ...report, deadLettered: [...report.deadLettered] }));
        settleIfIdle();
      });
    },
  };
}
