/**
 * A local SQS (standard queues) for the daily feed re-check, in process, served over HTTP with
 * the AWS JSON 1.0 protocol the SDK v3 client speaks (X-Amz-Target: AmazonSQS.<Action>), so the
 * dispatcher's own SendMessageBatch calls (functions/platform/clients/sqs.ts `sqsQueue`) reach it
 * unchanged. No npm emulator fits (docs/local-aws.md, "SQS"): the maintained ones need Docker or
 * Java (ElasticMQ, LocalStack), the Node ones speak only the old query protocol or mock the client.
 *
 * The semantics the worker relies on, held by sqs.test.ts: at-least-once delivery (`duplicate`
 * stores a message twice, as SQS's redundant copies can deliver it twice, at once or later), a received message is
 * invisible for the visibility timeout and then delivered again with ApproximateReceiveCount + 1,
 * only the latest receipt handle deletes it (an older one "succeeds" and deletes nothing), and a
 * RedrivePolicy moves a message received maxReceiveCount times to its dead-letter queue instead
 * of delivering it again. Time is the `clock`'s: the event source (sqs-event-source.ts) moves a
 * local clock past a visibility timeout instead of waiting 90 minutes.
 */
import { createHash, randomUUID } from 'node:crypto';
import { guardServer } from './emulator-guard.mjs';
import { createServer, type Server } from 'node:http';

export interface SqsClock {
  now(): number;
}

/** A clock that runs with real time plus whatever was skipped. */
export class SkippingClock implements SqsClock {
  private skipped = 0;
  now(): number {
    return Date.now() + this.skipped;
  }
  advanceTo(epochMs: number): void {
    this.skipped += Math.max(0, epochMs - this.now());
  }
}

export interface SqsMessage {
  MessageId: string;
  ReceiptHandle: string;
  MD5OfBody: string;
  Body: string;
  Attributes: { ApproximateReceiveCount: string; SentTimestamp: string; ApproximateFirstReceiveTimestamp: string; SenderId: string };
}

interface Stored {
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  visibleAt: number;
  receiptHandle: string | null;
}

interface Queue {
  name: string;
  url: string;
  arn: string;
  visibilityTimeoutSeconds: number;
  redrive: { deadLetterTargetArn: string; maxReceiveCount: number } | null;
  messages: Stored[];
}

export class SqsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly queryCode = code,
  ) {
    super(message);
    this.name = code;
  }
}

export const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

export interface LocalSqsOptions {
  clock?: SqsClock;
  /** Base of the queue URLs (the server's address). */
  baseUrl?: string;
}

export class LocalSqs {
  private readonly queues = new Map<string, Queue>();
  readonly clock: SqsClock;
  baseUrl: string;
  /**
   * At-least-once, worst case: when it returns a number for a message sent, the queue holds a
   * second copy that becomes visible that many seconds later (0: both at once).
   */
  duplicate: ((body: string) => number | null) | null = null;
  /** Every move to a dead-letter queue, oldest first. */
  readonly deadLetters: Array<{ source: string; messageId: string; body: string; receiveCount: number }> = [];

  constructor(options: LocalSqsOptions = {}) {
    this.clock = options.clock ?? { now: () => Date.now() };
    this.baseUrl = options.baseUrl ?? 'http://127.0.0.1';
  }

  createQueue(name: string, attributes: Record<string, string> = {}): string {
    const existing = [...this.queues.values()].find((q) => q.name === name);
    if (existing) return existing.url;
    const redrive = attributes.RedrivePolicy ? (JSON.parse(attributes.RedrivePolicy) as { deadLetterTargetArn: string; maxReceiveCount: number | string }) : null;
    const queue: Queue = {
      name,
      url: `${this.baseUrl}/000000000000/${name}`,
      arn: `arn:aws:sqs:us-east-1:000000000000:${name}`,
      visibilityTimeoutSeconds: Number(attributes.VisibilityTimeout ?? 30),
      redrive: redrive ? { deadLetterTargetArn: redrive.deadLetterTargetArn, maxReceiveCount: Number(redrive.maxReceiveCount) } : null,
      messages: [],
    };
    this.queues.set(queue.url, queue);
    return queue.url;
  }

  queueUrl(name: string): string {
    const queue = [...this.queues.values()].find((q) => q.name === name);
    if (!queue) throw new SqsError('QueueDoesNotExist', `The specified queue ${name} does not exist.`, 'AWS.SimpleQueueService.NonExistentQueue');
    return queue.url;
  }

  arn(url: string): string {
    return this.queue(url).arn;
  }

  private queue(url: string): Queue {
    // The SDK may send the URL with another host (its endpoint): match on the path.
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const queue = [...this.queues.values()].find((q) => q.url.replace(/^https?:\/\/[^/]+/, '') === path);
    if (!queue) throw new SqsError('QueueDoesNotExist', `The specified queue ${url} does not exist.`, 'AWS.SimpleQueueService.NonExistentQueue');
    return queue;
  }

  send(url: string, body: string): { MessageId: string; MD5OfMessageBody: string } {
    const queue = this.queue(url);
    const message: Stored = { messageId: randomUUID(), body, sentAt: this.clock.now(), receiveCount: 0, firstReceivedAt: null, visibleAt: this.clock.now(), receiptHandle: null };
    queue.messages.push(message);
    const delay = this.duplicate?.(body) ?? null;
    if (delay !== null) queue.messages.push({ ...message, visibleAt: message.visibleAt + delay * 1000 });
    return { MessageId: message.messageId, MD5OfMessageBody: md5(body) };
  }

  receive(url: string, max = 1, visibilityTimeoutSeconds?: number): SqsMessage[] {
    const queue = this.queue(url);
    const now = this.clock.now();
    const out: SqsMessage[] = [];
    for (const message of [...queue.messages]) {
      if (out.length >= max) break;
      if (message.visibleAt > now) continue;
      if (queue.redrive && message.receiveCount >= queue.redrive.maxReceiveCount) {
        // Received maxReceiveCount times and back again: SQS moves it instead of delivering it.
        queue.messages.splice(queue.messages.indexOf(message), 1);
        const dlq = [...this.queues.values()].find((q) => q.arn === queue.redrive!.deadLetterTargetArn);
        dlq?.messages.push({ ...message, receiveCount: 0, firstReceivedAt: null, visibleAt: now, receiptHandle: null });
        this.deadLetters.push({ source: queue.url, messageId: message.messageId, body: message.body, receiveCount: message.receiveCount });
        continue;
      }
      message.receiveCount++;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + (visibilityTimeoutSeconds ?? queue.visibilityTimeoutSeconds) * 1000;
      message.receiptHandle = `${message.messageId}:${randomUUID()}`;
      out.push({
        MessageId: message.messageId,
        ReceiptHandle: message.receiptHandle,
        MD5OfBody: md5(message.body),
        Body: message.body,
        Attributes: {
          ApproximateReceiveCount: String(message.receiveCount),
          SentTimestamp: String(message.sentAt),
          ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt),
          SenderId: '000000000000',
        },
      });
    }
    return out;
  }

  /** Only the latest receipt handle of a message deletes it; an older one is accepted and does nothing (as SQS). */
  delete(url: string, receiptHandle: string): void {
    const queue = this.queue(url);
    const at = queue.messages.findIndex((m) => m.receiptHandle === receiptHandle);
    if (at >= 0) queue.messages.splice(at, 1);
    else if (!/^[\w-]+:[\w-]+$/.test(receiptHandle)) throw new SqsError('ReceiptHandleIsInvalid', `The receipt handle "${receiptHandle}" is not valid.`);
  }

  changeVisibility(url: string, receiptHandle: string, seconds: number): void {
    const message = this.queue(url).messages.find((m) => m.receiptHandle === receiptHandle);
    if (!message) throw new SqsError('MessageNotInflight', 'Message does not exist or is not available for visibility timeout change.', 'AWS.SimpleQueueService.MessageNotInflight');
    message.visibleAt = this.clock.now() + seconds * 1000;
  }

  counts(url: string): { visible: number; inFlight: number; nextVisibleAt: number | null } {
    const now = this.clock.now();
    const messages = this.queue(url).messages;
    const hidden = messages.filter((m) => m.visibleAt > now);
    return { visible: messages.length - hidden.length, inFlight: hidden.length, nextVisibleAt: hidden.length ? Math.min(...hidden.map((m) => m.visibleAt)) : null };
  }

  purge(url: string): void {
    this.queue(url).messages = [];
  }

  /** One call of the JSON protocol: the action (X-Amz-Target's) and its input. */
  handle(action: string, input: Record<string, unknown>): unknown {
    const url = String(input.QueueUrl ?? '');
    switch (action) {
      case 'CreateQueue':
        return { QueueUrl: this.createQueue(String(input.QueueName), (input.Attributes as Record<string, string>) ?? {}) };
      case 'GetQueueUrl':
        return { QueueUrl: this.queueUrl(String(input.QueueName)) };
      case 'SendMessage':
        return this.send(url, String(input.MessageBody));
      case 'SendMessageBatch': {
        const entries = (input.Entries as Array<{ Id: string; MessageBody: string }>) ?? [];
        if (entries.length === 0 || entries.length > 10) throw new SqsError(entries.length ? 'TooManyEntriesInBatchRequest' : 'EmptyBatchRequest', 'A batch has 1 to 10 entries.');
        return { Successful: entries.map((e) => ({ Id: e.Id, ...this.send(url, e.MessageBody) })), Failed: [] };
      }
      case 'ReceiveMessage': {
        const max = Number(input.MaxNumberOfMessages ?? 1);
        if (!(max >= 1 && max <= 10)) throw new SqsError('InvalidParameterValue', 'MaxNumberOfMessages is 1 to 10.');
        const messages = this.receive(url, max, input.VisibilityTimeout === undefined ? undefined : Number(input.VisibilityTimeout));
        return messages.length ? { Messages: messages } : {};
      }
      case 'DeleteMessage':
        this.delete(url, String(input.ReceiptHandle));
        return {};
      case 'DeleteMessageBatch': {
        const entries = (input.Entries as Array<{ Id: string; ReceiptHandle: string }>) ?? [];
        for (const e of entries) this.delete(url, e.ReceiptHandle);
        return { Successful: entries.map((e) => ({ Id: e.Id })), Failed: [] };
      }
      case 'ChangeMessageVisibility':
        this.changeVisibility(url, String(input.ReceiptHandle), Number(input.VisibilityTimeout));
        return {};
      case 'GetQueueAttributes': {
        const queue = this.queue(url);
        const { visible, inFlight } = this.counts(url);
        return {
          Attributes: {
            QueueArn: queue.arn,
            ApproximateNumberOfMessages: String(visible),
            ApproximateNumberOfMessagesNotVisible: String(inFlight),
            VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
            ...(queue.redrive ? { RedrivePolicy: JSON.stringify(queue.redrive) } : {}),
          },
        };
      }
      case 'PurgeQueue':
        this.purge(url);
        return {};
      default:
        throw new SqsError('UnsupportedOperation', `${action} is not supported by the local SQS`);
    }
  }

  /** Serves the JSON protocol on 127.0.0.1:port (0 = any free port); returns the base URL. */
  async listen(port: number): Promise<{ url: string; close(): Promise<void> }> {
    const server: Server = guardServer(createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const target = String(req.headers['x-amz-target'] ?? '');
        const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
          res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers }).end(JSON.stringify(payload));
        if (req.method !== 'POST' || !target.startsWith('AmazonSQS.')) return reply(400, { __type: 'com.amazonaws.sqs#InvalidAction', message: 'Only the AWS JSON protocol is served' });
        try {
          reply(200, this.handle(target.slice('AmazonSQS.'.length), JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>));
        } catch (error) {
          const e = error instanceof SqsError ? error : new SqsError('InternalError', (error as Error).message);
          reply(e.code === 'InternalError' ? 500 : 400, { __type: `com.amazonaws.sqs#${e.code}`, message: e.message }, { 'x-amzn-query-error': `${e.queryCode};Sender` });
        }
      });
    }));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve());
    });
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
    this.baseUrl = url;
    for (const queue of this.queues.values()) queue.url = `${url}/000000000000/${queue.name}`;
    return {
      url,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  }
}
