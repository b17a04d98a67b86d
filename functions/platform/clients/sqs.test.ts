import type { SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { sqsQueue } from './sqs';

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
