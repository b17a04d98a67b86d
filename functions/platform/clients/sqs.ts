import { SQSClient } from '@aws-sdk/client-sqs';

/** Lazy singleton (the daily feed re-check's dispatcher); there is no SQS emulator locally: functions/platform/queue.ts. */
let client: SQSClient | undefined;

export function sqsClient(): SQSClient {
  client ??= new SQSClient({});
  return client;
}
