/**
 * The local stand-in for Lambda's SQS event source mapping (lib/jobs.ts: batchSize 1,
 * reportBatchItemFailures, maxConcurrency): receives from a LocalSqs queue, hands each batch to
 * the worker as an SQSEvent, deletes what succeeded and leaves the rest (a throw: the whole batch;
 * batchItemFailures: those) to come back after the visibility timeout, then to the dead-letter
 * queue. `drain` runs until the queue is empty; while every remaining message is invisible and
 * no worker runs, it skips the queue's clock to the next one's visibility instead of waiting.
 */
import { randomUUID } from 'node:crypto';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './lambda-context';
import type { LocalSqs, SkippingClock, SqsMessage } from './sqs';

export type SqsWorker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void | null | unknown>;

export interface EventSourceOptions {
  sqs: LocalSqs;
  clock: SkippingClock;
  queueUrl: string;
  worker: SqsWorker;
  batchSize?: number;
  maxConcurrency: number;
  /** The worker's timeout (its context's remaining time). */
  timeoutMs: number;
  functionName?: string;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  error: string;
}

/** What a drain did: for the job's log line and the tests. */
export interface LocalQueueReport {
  /** Messages the worker handled successfully. */
  handled: number;
  /** Deliveries that failed (each was delivered again or dead-lettered). */
  failedDeliveries: number;
  deadLettered: DeadLetter[];
}

const record = (message: SqsMessage, arn: string): SQSRecord => ({
  messageId: message.MessageId,
  receiptHandle: message.ReceiptHandle,
  body: message.Body,
  attributes: message.Attributes,
  messageAttributes: {},
  md5OfBody: message.MD5OfBody,
  eventSource: 'aws:sqs',
  eventSourceARN: arn,
  awsRegion: 'us-east-1',
});

/** Runs the queue to empty; returns what happened, dead letters included (with the last error seen). */
export async function drainQueue(options: EventSourceOptions): Promise<LocalQueueReport> {
  const { sqs, clock, queueUrl } = options;
  const arn = sqs.arn(queueUrl);
  const report: LocalQueueReport = { handled: 0, failedDeliveries: 0, deadLettered: [] };
  const lastError = new Map<string, string>();
  const deadLettered = (messageId: string, body: string, receiveCount: number) =>
    report.deadLettered.push({ messageId, body, receiveCount, error: lastError.get(messageId) ?? 'unknown' } satisfies DeadLetter);

  const pollOnce = async (): Promise<boolean> => {
    const before = new Set<string>();
    const messages = sqs.receive(queueUrl, options.batchSize ?? 1);
    if (messages.length === 0) return false;
    for (const m of messages) before.add(m.MessageId);
    const context = lambdaContext({ functionName: options.functionName ?? 'local-sqs-worker', requestId: randomUUID(), timeoutMs: options.timeoutMs, memoryMb: 1769 });
    let failed: Set<string>;
    try {
      const answer = (await options.worker({ Records: messages.map((m) => record(m, arn)) }, context)) as SQSBatchResponse | null | undefined;
      const items = answer?.batchItemFailures ?? [];
      // An identifier that names no record of the batch fails the whole batch (as Lambda does).
      failed = items.some((f) => !before.has(f.itemIdentifier)) ? new Set(before) : new Set(items.map((f) => f.itemIdentifier));
      for (const id of failed) lastError.set(id, 'reported as a batch item failure');
    } catch (error) {
      failed = new Set(before);
      for (const id of failed) lastError.set(id, `${(error as Error).name}: ${(error as Error).message}`);
    }
    for (const m of messages) {
      if (failed.has(m.MessageId)) report.failedDeliveries++;
      else {
        report.handled++;
        sqs.delete(queueUrl, m.ReceiptHandle);
      }
    }
    return true;
  };

  const movedBefore = sqs.deadLetters.length;
  let running = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      try {
        while (running < options.maxConcurrency) {
          const { visible } = sqs.counts(queueUrl);
          if (visible === 0) break;
          running++;
          void pollOnce()
            .catch(reject)
            .finally(() => {
              running--;
              pump();
            });
        }
        if (running > 0) return;
        const { visible, nextVisibleAt } = sqs.counts(queueUrl);
        if (visible === 0 && nextVisibleAt === null) return resolve();
        // Nothing runs and what is left waits for its visibility timeout: skip to it.
        if (visible === 0 && nextVisibleAt !== null) clock.advanceTo(nextVisibleAt);
        setImmediate(pump);
      } catch (error) {
        reject(error as Error);
      }
    };
    pump();
  });
  // A message moves to the dead-letter queue at the receive after its last failed delivery.
  for (const dead of sqs.deadLetters.slice(movedBefore)) if (dead.source === queueUrl) deadLettered(dead.messageId, dead.body, dead.receiveCount);
  for (const dead of report.deadLettered) console.error(JSON.stringify({ level: 'error', queue: queueUrl, message: 'dead-lettered', ...dead }));
  return report;
}
