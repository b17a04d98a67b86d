import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { sqsQueue } from '../functions/platform/clients/sqs';
import { drainQueue } from './sqs-event-source';
import { LocalSqs, SkippingClock, type SqsClock } from './sqs';

/** A clock the test moves by hand. */
class ManualClock extends SkippingClock implements SqsClock {
  at = 1_700_000_000_000;
  override now() {
    return this.at;
  }
  override advanceTo(epochMs: number) {
    this.at = Math.max(this.at, epochMs);
  }
}

function queues(maxReceiveCount = 3, visibilityTimeout = 60) {
  const clock = new ManualClock();
  const sqs = new LocalSqs({ clock });
  const dlq = sqs.createQueue('work-dlq');
  const url = sqs.createQueue('work', { VisibilityTimeout: String(visibilityTimeout), RedrivePolicy: JSON.stringify({ deadLetterTargetArn: sqs.arn(dlq), maxReceiveCount }) });
  return { clock, sqs, url, dlq };
}

describe('LocalSqs', () => {
  it('hides a received message for the visibility timeout, then delivers it again with the receive count', () => {
    const { clock, sqs, url } = queues();
    sqs.send(url, 'a');
    const [first] = sqs.receive(url);
    expect(first!.Attributes.ApproximateReceiveCount).toBe('1');
    expect(sqs.receive(url)).toEqual([]);
    clock.at += 59_999;
    expect(sqs.receive(url)).toEqual([]);
    clock.at += 1;
    const [again] = sqs.receive(url);
    expect(again).toMatchObject({ MessageId: first!.MessageId, Body: 'a', Attributes: { ApproximateReceiveCount: '2' } });
    expect(again!.ReceiptHandle).not.toBe(first!.ReceiptHandle);
  });

  it('deletes with the latest receipt handle only: an older one is accepted and deletes nothing', () => {
    const { clock, sqs, url } = queues();
    sqs.send(url, 'a');
    const [first] = sqs.receive(url);
    clock.at += 60_000;
    const [second] = sqs.receive(url);
    sqs.delete(url, first!.ReceiptHandle);
    expect(sqs.counts(url)).toMatchObject({ visible: 0, inFlight: 1 });
    sqs.delete(url, second!.ReceiptHandle);
    expect(sqs.counts(url)).toMatchObject({ visible: 0, inFlight: 0 });
  });

  it('moves a message received maxReceiveCount times to the dead-letter queue instead of delivering it again', () => {
    const { clock, sqs, url, dlq } = queues(2);
    sqs.send(url, 'poison');
    expect(sqs.receive(url)).toHaveLength(1);
    clock.at += 60_000;
    expect(sqs.receive(url)[0]!.Attributes.ApproximateReceiveCount).toBe('2');
    clock.at += 60_000;
    expect(sqs.receive(url)).toEqual([]);
    expect(sqs.receive(dlq)).toMatchObject([{ Body: 'poison' }]);
    expect(sqs.deadLetters).toMatchObject([{ body: 'poison', receiveCount: 2 }]);
  });

  it('stores a message twice when told to (at-least-once): both copies are delivered, one delete leaves the other', () => {
    const { sqs, url } = queues();
    sqs.duplicate = () => 0;
    sqs.send(url, 'twice');
    const got = sqs.receive(url, 10);
    expect(got.map((m) => m.Body)).toEqual(['twice', 'twice']);
    expect(got[0]!.MessageId).toBe(got[1]!.MessageId);
    sqs.delete(url, got[0]!.ReceiptHandle);
    expect(sqs.counts(url).inFlight).toBe(1);
  });

  it('speaks the SDK v3 JSON protocol: the dispatcher\'s sqsQueue sends, the SDK receives and deletes', async () => {
    const { sqs, url } = queues();
    const server = await sqs.listen(0);
    const client = new SQSClient({ endpoint: server.url, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    try {
      const queueUrl = `${server.url}/000000000000/work`;
      await sqsQueue(queueUrl, client).sendAll(Array.from({ length: 12 }, (_, n) => ({ n })));
      expect(sqs.counts(url).visible).toBe(12);
      const got = await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }));
      expect(got.Messages).toHaveLength(10);
      expect(got.Messages![0]!.Attributes?.ApproximateReceiveCount).toBe('1');
      await client.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: got.Messages![0]!.ReceiptHandle }));
      expect(sqs.counts(url)).toMatchObject({ visible: 2, inFlight: 9 });
      await expect(client.send(new SendMessageBatchCommand({ QueueUrl: `${server.url}/000000000000/nope`, Entries: [{ Id: '1', MessageBody: 'x' }] }))).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
    } finally {
      client.destroy();
      await server.close();
    }
  });
});

describe('drainQueue (the SQS event source)', () => {
  it('deletes what succeeded, redelivers a batch item failure or a throw after the visibility timeout, then dead-letters it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { clock, sqs, url, dlq } = queues(3, 5400);
    for (const n of [1, 2, 3]) sqs.send(url, JSON.stringify({ n }));
    const deliveries: Array<[number, string]> = [];
    const report = await drainQueue({
      sqs,
      clock,
      queueUrl: url,
      maxConcurrency: 2,
      timeoutMs: 900_000,
      worker: async (event) => {
        const [record] = event.Records;
        const { n } = JSON.parse(record!.body) as { n: number };
        deliveries.push([n, record!.attributes.ApproximateReceiveCount]);
        if (n === 2) throw new Error('table unavailable');
        if (n === 3 && record!.attributes.ApproximateReceiveCount === '1') return { batchItemFailures: [{ itemIdentifier: record!.messageId }] };
        return { batchItemFailures: [] };
      },
    });
    expect(report.handled).toBe(2);
    expect(report.failedDeliveries).toBe(4);
    expect(report.deadLettered).toEqual([expect.objectContaining({ body: '{"n":2}', receiveCount: 3, error: 'Error: table unavailable' })]);
    expect(deliveries.filter(([n]) => n === 2).map(([, count]) => count)).toEqual(['1', '2', '3']);
    expect(deliveries.filter(([n]) => n === 3).map(([, count]) => count)).toEqual(['1', '2']);
    // The redeliveries came after the visibility timeout, on the queue's clock.
    expect(clock.at).toBeGreaterThanOrEqual(1_700_000_000_000 + 3 * 5_400_000);
    expect(sqs.receive(dlq).map((m) => m.Body)).toEqual(['{"n":2}']);
    error.mockRestore();
  });
});
