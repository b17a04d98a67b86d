/**
 * The data layer's tests against DynamoDB Local (globalSetup test/support/data-global-setup.ts): `useTestTable()`
 * gives the calling test file a table of its own, made by the local stack's `provisionTable` (the
 * CDK's keys, indexes and TTL attribute), so files never see each other's items, and points the
 * repositories at it through the same variables the Lambda environment sets. The repositories
 * then use their real document client (functions/platform/clients/dynamodb.ts): no mock.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { envNames } from '../../platform/config/resources';
import { LOCAL_CREDENTIALS, LOCAL_REGION, provisionTable } from '../../../localstack/provision';
import { setDocumentClient } from '../../platform/clients/dynamodb';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DynamoDB Local of the `data` project, e.g. http://127.0.0.1:41234 */
    dynamodbEndpoint: string;
  }
}

type Item = Record<string, unknown>;

/** A fresh id: every test makes its own data (Stryker runs a test alone, the table is the file's). */
export const uid = (): string => randomUUID();

export interface TestTable {
  readonly name: string;
  /** The stored item at a key (in the table the repositories use now), keys and index attributes included (a consistent read), or undefined. */
  item(key: { pk: string; sk: string }): Promise<Item | undefined>;
  /** Every item of a partition, sort key order (all pages, consistent). */
  partition(pk: string): Promise<Item[]>;
  /** Writes an item as is (legacy records, items of another shape). */
  put(item: Item): Promise<void>;
  /** Deletes the item at a key (what another writer did meanwhile). */
  delete(key: { pk: string; sk: string }): Promise<void>;
  /**
   * Runs `work` against a table of its own, then comes back to the file's table: for what reads a
   * whole index partition (the default company, all steps) and must see only the test's items.
   */
  alone(work: () => Promise<void>): Promise<void>;
}

/** A fresh table for this test file (created in beforeAll, deleted in afterAll), and the file's own reads of it. */
export function useTestTable(): TestTable {
  const name = `data-test-${randomUUID()}`;
  const endpoint = inject('dynamodbEndpoint');
  // The test's own reads go through a client of their own, not the repositories' one under test.
  const client = new DynamoDBClient({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint, maxAttempts: 2 });
  const docs = DynamoDBDocumentClient.from(client);
  /** The file's table, or the one `alone` runs on. */
  const current = () => process.env[envNames.tableName] ?? name;
  beforeAll(async () => {
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    });
    // The repositories' client is made again from these variables on first use.
    setDocumentClient(undefined);
    await provisionTable(client, name);
    process.env[envNames.tableName] = name;
  });
  afterAll(async () => {
    setDocumentClient(undefined);
    await client.send(new DeleteTableCommand({ TableName: name }));
    client.destroy();
  });
  return {
    name,
    async item(key) {
      return (await docs.send(new GetCommand({ TableName: current(), Key: key, ConsistentRead: true }))).Item;
    },
    async partition(pk) {
      const items: Item[] = [];
      let start: Item | undefined;
      do {
        const page = await docs.send(
          new QueryCommand({ TableName: current(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, ExclusiveStartKey: start }),
        );
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    },
    async put(item) {
      await docs.send(new PutCommand({ TableName: current(), Item: item }));
    },
    async delete(key) {
      await docs.send(new DeleteCommand({ TableName: current(), Key: key }));
    },
    async alone(work) {
      const own = `data-test-${randomUUID()}`;
      await provisionTable(client, own);
      process.env[envNames.tableName] = own;
      try {
        await work();
      } finally {
        process.env[envNames.tableName] = name;
        await client.send(new DeleteTableCommand({ TableName: own }));
      }
    },
  };
}
