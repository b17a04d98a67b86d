/**
 * The cold-start yardstick: the least a portal handler does at load, i.e. create a DynamoDB
 * document client. Every real handler's load time is compared with this one's.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (): Promise<{ statusCode: number; body: string }> => ({
  statusCode: 200,
  body: JSON.stringify({ ok: typeof client.send === 'function' }),
});
