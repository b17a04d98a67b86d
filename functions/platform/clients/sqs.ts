import { SendMessageBatchCommand, SQSClient, type SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import { budgetOptions, clientBudgets } from './budget';

/**
 * Lazy singleton (the daily feed re-check's dispatcher). Locally the endpoint is the local SQS
 * (localstack/sqs.ts, AWS_ENDPOINT_URL_SQS), so the same SendMessageBatch calls reach it.
 */
let client: SQSClient | undefined;

function sqsClient(): SQSClient {
  client ??= new SQSClient(budgetOptions(clientBudgets.sqs));
  return client;
}

/** A work queue the dispatcher fills (docs/order-feed.md, "Daily re-check"). */
export interface WorkQueue {
  /** Sends every body (JSON) and resolves once all are accepted; throws when some could not be. */
  sendAll(bodies: readonly unknown[]): Promise<void>;
}

/** SendMessageBatch's limit. */
const SQS_BATCH = 10;

export function sqsQueue(queueUrl: string, sqs: Pick<SQSClient, 'send'> = sqsClient()): WorkQueue {
  return {
    async sendAll(bodies) {
      for (let i = 0; i < bodies.length; i += SQS_BATCH) {
        let entries: SendMessageBatchRequestEntry[] = bodies.slice(i, i + SQS_BATCH).map((body, n) => ({ Id: String(i + n), MessageBody: JSON.stringify(body) }));
        // A batch can partly fail (throttling): send the failed entries again, then give up loudly.
        for (let attempt = 1; entries.length > 0; attempt++) {
          const answer = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
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
