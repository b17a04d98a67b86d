/**
 * vitest globalSetup of the 'integration' project: one local stack per run, on free ports
 * (a running `npm start` is not disturbed), without the web app, seeded.
 * The handlers run in this process (the gateway imports them), the tests in workers talk HTTP.
 */
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../localstack/stack';
import './local-stack';

let stack: LocalStack | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  stack = await startLocalStack({ ports: 'free', web: 'none', seed: true, quiet: true });
  console.log(`[integration] local stack on ${stack.url}, started in ${stack.timings.total} ms`);
  project.provide('url', stack.url);
  project.provide('env', stack.env);
  project.provide('endpoints', stack.endpoints);
  project.provide('credentials', stack.credentials);
  return async () => {
    await stack?.stop();
    stack = undefined;
  };
}
