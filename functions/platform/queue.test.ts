import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { logger } from './log';
import { localQueue, sqsQueue } from './queue';

const options = { maxReceiveCount: 3, concurrency: 2, timeoutMs: 60_000, name: 'test' };
const bodyOf = (event: SQSEvent) => JSON.parse(event.Records[0]!.body) as { n: number };

describe('localQueue', () => {
  it('hands every message to the worker, one per event, with its receive count', async () => {
    const seen: Array<[number, string]> = [];
    const queue = localQueue(async (event) => {
      expect(event.Records).toHaveLength(1);
      seen.push([bodyOf(event).n, event.Records[0]!.attributes.ApproximateReceiveCount]);
    }, options);
    await queue.sendAll([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await queue.drain()).toEqual({ handled: 3, failedDeliveries: 0, deadLettered: [] });
    expect(seen.sort()).toEqual([[1, '1'], [2, '1'], [3, '1']]);
  });

  it('delivers a failing message again up to maxReceiveCount, then dead-letters it; the others are unaffected', async () => {
    const error = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const deliveries: number[] = [];
    const queue = localQueue(async (event) => {
      const { n } = bodyOf(event);
      deliveries.push(n);
      if (n === 2) throw new Error('table unavailable');
      // Fails its first delivery only, as a partial batch failure.
      if (n === 3 && event.Records[0]!.attributes.ApproximateReceiveCount === '1') return { batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }] };
      return { batchItemFailures: [] };
    }, options);
    await queue.sendAll([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const report = await queue.drain();
    expect(report.handled).toBe(2);
    expect(report.failedDeliveries).toBe(4);
    expect(report.deadLettered).toEqual([expect.objectContaining({ body: '{"n":2}', receiveCount: 3, error: 'Error: table unavailable' })]);
    expect(deliveries.filter((n) => n === 2)).toHaveLength(3);
    expect(deliveries.filter((n) => n === 3)).toHaveLength(2);
    expect(error).toHaveBeenCalledWith('dead-lettered', expect.objectContaining({ queue: 'test', body: '{"n":2}' }));
    error.mockRestore();
  });

  it('runs at most `concurrency` deliveries at once and gives each its time limit', async () => {
    let running = 0;
    let most = 0;
    const remaining: number[] = [];
    const queue = localQueue(async (_event, context) => {
      running++;
      most = Math.max(most, running);
      remaining.push(context.getRemainingTimeInMillis());
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    }, options);
    await queue.sendAll(Array.from({ length: 7 }, (_, n) => ({ n })));
    expect((await queue.drain()).handled).toBe(7);
    expect(most).toBe(2);
    expect(remaining.every((ms) => ms > 50_000 && ms <= 60_000)).toBe(true);
  });

  it('drains at once when nothing was sent', async () => {
    expect(await localQueue(async () => {}, options).drain()).toEqual({ handled: 0, failedDeliveries: 0, deadLettered: [] });
  });
});

describe('sqsQueue', () => {
  it('sends 10 messages per SendMessageBatch and sends failed entries again', async () => {
    const calls: Array<{ QueueUrl: string; Entries: Array<{ Id: string; MessageBody: string }> }> = [];
    let failedOnce = false;
    const client = {
      send: vi.fn(async (command: { input: (typeof calls)[number] }) => {
        calls.push(command.input);
        // The first call loses one entry to throttling.
        if (!failedOnce) {
          failedOnce = true;
          return { Successful: [], Failed: [{ Id: command.input.Entries[3]!.Id, Code: 'ThrottlingException', SenderFault: false }] };
        }
        return { Successful: command.input.Entries.map((e) => ({ Id: e.Id })), Failed: [] };
      }),
    } as unknown as SQSClient;
    await sqsQueue('https://sqs.example/q', client).sendAll(Array.from({ length: 23 }, (_, n) => ({ n })));
    expect(calls.map((c) => c.Entries.length)).toEqual([10, 1, 10, 3]);
    expect(calls[1]!.Entries[0]!.MessageBody).toBe('{"n":3}');
    expect(calls.every((c) => c.QueueUrl === 'https://sqs.example/q')).toBe(true);
    const sent = calls.flatMap((c) => c.Entries.map((e) => JSON.parse(e.MessageBody).n as number));
    expect(new Set(sent).size).toBe(23);
  });

  it('throws when SQS refuses entries for the sender\'s fault', async () => {
    const client = {
      send: vi.fn(async () => ({ Failed: [{ Id: '0', Code: 'InvalidMessageContents', SenderFault: true }] })),
    } as unknown as SQSClient;
    await expect(sqsQueue('q', client).sendAll([{ n: 1 }])).rejects.toThrow(/InvalidMessageContents/);
  });
});
