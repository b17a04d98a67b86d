import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '../../lib/definitions/resources';
import { setDocumentClient } from '../platform/clients/dynamodb';
import { queryAll, transactWrite } from './table';

/** A client answering each Query from `pages` by its ExclusiveStartKey (the page's number). */
function pagedClient(pages: Array<Array<Record<string, unknown>>>) {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
  // The paginator reuses one input object: keep what each call asked for when it asked.
  const asked: Array<[string | undefined, unknown]> = [];
  vi.spyOn(client, 'send').mockImplementation((async (command: QueryCommand) => {
    asked.push([command.input.TableName, command.input.ExclusiveStartKey]);
    const n = Number((command.input.ExclusiveStartKey as { n?: number } | undefined)?.n ?? 0);
    return { Items: pages[n], Count: pages[n]!.length, LastEvaluatedKey: n + 1 < pages.length ? { n: n + 1 } : undefined };
  }) as never);
  return { asked, client };
}

describe('queryAll (the one paging helper of the repositories)', () => {
  afterEach(() => setDocumentClient(undefined));

  it('follows LastEvaluatedKey through every page, on the portal table, and keeps the items in order', async () => {
    vi.stubEnv(envNames.tableName, 'portal-test');
    const { asked, client } = pagedClient([[{ id: 1 }, { id: 2 }], [{ id: 3 }], [{ id: 4 }]]);
    setDocumentClient(client);
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'C#1' } });
    expect(items).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    expect(asked).toEqual([
      ['portal-test', undefined],
      ['portal-test', { n: 1 }],
      ['portal-test', { n: 2 }],
    ]);
    vi.unstubAllEnvs();
  });
});

describe('transactWrite (the one way the repositories send a transaction)', () => {
  afterEach(() => setDocumentClient(undefined));

  /** A client whose TransactWriteItems answers with these cancellations first (reasons per item), then succeeds. */
  function cancellingClient(cancellations: string[][]) {
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
    let calls = 0;
    vi.spyOn(client, 'send').mockImplementation((async () => {
      const reasons = cancellations[calls++];
      if (!reasons) return {};
      throw Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: reasons.map((Code) => ({ Code })) });
    }) as never);
    return { client, calls: () => calls };
  }

  it('sends a transaction that only lost a race again, until it goes through', async () => {
    vi.stubEnv(envNames.tableName, 'portal-test');
    const { client, calls } = cancellingClient([['None', 'TransactionConflict'], ['TransactionConflict', 'None']]);
    setDocumentClient(client);
    await transactWrite([{ Put: { TableName: 'portal-test', Item: { pk: 'a', sk: 'b' } } }]);
    expect(calls()).toBe(3);
    vi.unstubAllEnvs();
  });

  it('hands a failed condition to the caller at once, and a race that never ends after the last retry', async () => {
    vi.stubEnv(envNames.tableName, 'portal-test');
    const failed = cancellingClient([['TransactionConflict', 'ConditionalCheckFailed']]);
    setDocumentClient(failed.client);
    await expect(transactWrite([])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(failed.calls()).toBe(1);
    const endless = cancellingClient(Array.from({ length: 20 }, () => ['TransactionConflict']));
    setDocumentClient(endless.client);
    await expect(transactWrite([])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(endless.calls()).toBe(7);
    vi.unstubAllEnvs();
  });
});
