/**
 * What the data layer's tests do to the repositories' client (middleware on its stack; every call
 * still reaches DynamoDB Local): faults DynamoDB does under load but DynamoDB Local never does
 * (part of a batch held back as unprocessed, a call failing), a concurrent writer made
 * deterministic (`interpose`), and a record of what was asked (`recordCommands`: a consistent
 * read, a projection, which DynamoDB Local answers the same either way).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { vi } from 'vitest';
import { documentClient } from '../../platform/clients/dynamodb';

type Batch = Record<string, unknown[] | { Keys: unknown[]; [other: string]: unknown }>;

const NAME = 'test-unprocessed';

/**
 * The next `times` BatchWriteItem / BatchGetItem calls of the repositories' client send only the
 * first request (or key) of each table and answer the others as UnprocessedItems / UnprocessedKeys.
 * Returns the batch sizes each call sent, and `stop()` (`under` calls it).
 */
export function holdBackBatches(times: number, client: DynamoDBDocumentClient = documentClient()): { sent: number[]; stop(): void } {
  const sent: number[] = [];
  let left = times;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName;
      if (command !== 'BatchWriteItemCommand' && command !== 'BatchGetItemCommand') return next(args);
      const input = args.input as { RequestItems: Batch };
      const held: Batch = {};
      const forwarded: Batch = {};
      for (const [table, requests] of Object.entries(input.RequestItems)) {
        const list = Array.isArray(requests) ? requests : requests.Keys;
        const keep = left > 0 ? list.slice(0, 1) : list;
        const rest = list.slice(keep.length);
        sent.push(keep.length);
        forwarded[table] = Array.isArray(requests) ? keep : { ...requests, Keys: keep };
        if (rest.length) held[table] = Array.isArray(requests) ? rest : { ...requests, Keys: rest };
      }
      left--;
      const result = await next({ ...args, input: { ...input, RequestItems: forwarded } });
      if (Object.keys(held).length) {
        const output = result.output as Record<string, unknown>;
        output[command === 'BatchWriteItemCommand' ? 'UnprocessedItems' : 'UnprocessedKeys'] = held;
      }
      return result;
    },
    { step: 'initialize', name: NAME },
  );
  return { sent, stop: () => void client.middlewareStack.remove(NAME) };
}

/** Whether the code calling setTimeout is a repository (functions/data), not the SDK or a test. */
function calledByRepository(): boolean {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const caller = frames.find((frame) => !frame.includes('/testing/faults.') && !/node_modules[\\/](tinyspy|@vitest)/.test(frame));
  return caller !== undefined && /functions[\\/]data[\\/][a-z-]+\.ts:/.test(caller);
}

/**
 * The repositories' retry pauses without the wait: returns the pauses they asked for, in order
 * (the SDK's own timers run as they are). Undo with vi.restoreAllMocks().
 */
export function fastPauses(): number[] {
  const pauses: number[] = [];
  const real = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (!calledByRepository()) return real(fn, ms);
    pauses.push(ms ?? 0);
    return real(fn, 0);
  }) as typeof setTimeout);
  return pauses;
}

/**
 * A concurrent writer, made deterministic: `before` runs just before the repositories' next
 * `command` (e.g. 'TransactWriteItemsCommand') reaches DynamoDB Local, `after` just after it
 * answered (the command's own answer is kept). For the next `times` such calls (default 1);
 * `stop()` removes it, used or not (`under`).
 */
export function interpose(
  command: string,
  hooks: { before?: () => Promise<void>; after?: () => Promise<void> },
  times = 1,
  client: DynamoDBDocumentClient = documentClient(),
): { stop(): void } {
  const name = `test-interpose-${command}`;
  let left = times;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (left <= 0 || context.commandName !== command) return next(args);
      left--;
      await hooks.before?.();
      try {
        return await next(args);
      } finally {
        await hooks.after?.();
      }
    },
    { step: 'initialize', name },
  );
  return { stop: () => void client.middlewareStack.remove(name) };
}

/** The repositories' next `command` fails as a network timeout would (no refusal of DynamoDB's). */
export function failNext(command: string): { stop(): void } {
  return interpose(command, { before: () => Promise.reject(Object.assign(new Error('Connection timed out'), { name: 'TimeoutError' })) });
}

/** The commands the repositories send from now on, with their input (document form). `stop()` in a finally. */
export function recordCommands(client: DynamoDBDocumentClient = documentClient()): { sent: Array<{ command: string; input: Record<string, unknown> }>; stop(): void } {
  const sent: Array<{ command: string; input: Record<string, unknown> }> = [];
  const name = 'test-record-commands';
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ command: context.commandName ?? '', input: structuredClone(args.input as Record<string, unknown>) });
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { sent, stop: () => void client.middlewareStack.remove(name) };
}

/** Runs `work` with a fault (or a recorder) in place and removes it afterwards, whatever happens. */
export async function under<T>(fault: { stop(): void }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    fault.stop();
  }
}

/** The reads (Get, Query, BatchGet) `work` sends: each one's command, consistency and projection. */
export async function readsOf(work: () => Promise<unknown>): Promise<Array<{ command: string; consistent: boolean; projection: string | null }>> {
  const recorder = recordCommands();
  await under(recorder, work);
  return recorder.sent
    .filter(({ command }) => ['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand'].includes(command))
    .map(({ command, input }) => ({ command, consistent: input.ConsistentRead === true, projection: (input.ProjectionExpression as string | undefined) ?? null }));
}
