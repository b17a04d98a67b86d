/**
 * vitest globalSetup of the `data` project (vitest.config.ts, vitest.mutation.config.ts): DynamoDB
 * Local alone, launched as the local stack launches it (localstack/emulators.ts), on a free port, for
 * the whole run. Each test file makes its own table with the stack's code (functions/data/testing/table.ts).
 */
import type { TestProject } from 'vitest/node';
import { assertJava, freePort, startDynamoDbLocal, StartupError } from '../../localstack/emulators';
import '../../functions/data/testing/table';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  // No Java: say so (and how to install it) instead of three failed starts.
  await assertJava();
  // The port is free when picked; another process may take it before Java binds it: pick again then.
  for (let attempt = 1; ; attempt++) {
    try {
      const dynamodb = await startDynamoDbLocal(await freePort());
      console.log(`[data] DynamoDB Local on ${dynamodb.endpoint}, started in ${Date.now() - started} ms`);
      project.provide('dynamodbEndpoint', dynamodb.endpoint);
      return () => dynamodb.stop();
    } catch (error) {
      if (!(error instanceof StartupError) || attempt >= 3) throw error;
    }
  }
}
