/**
 * vitest globalSetup of the 'integration' and 'bundles' projects: one local stack per run, on
 * free ports (a running `npm start` is not disturbed), without the web app, seeded.
 * 'integration': the handlers run in this process (the gateway imports them, or LAMBDA_CODE says
 * otherwise); 'bundles': always the CDK's bundles, each function in a process of its own
 * (docs/local-aws.md, "Lambda code"). The tests in workers talk HTTP.
 */
import type { TestProject } from 'vitest/node';
import { freePort } from '../../localstack/emulators';
import { lambdaCodeFromEnv } from '../../localstack/lambda-bundles';
import { startLocalStack, type LocalStack } from '../../localstack/stack';
import './local-stack';

let stack: LocalStack | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The feed fetcher refuses loopback: this TEST stack allows the tests' own feed server (which listens
  // on this port), and only it.
  const feedServerPort = await freePort();
  process.env.FEED_FETCH_ALLOW = `127.0.0.1:${feedServerPort}`;
  project.provide('feedServerPort', feedServerPort);
  // The handlers and jobs run in this process: tests sample its memory (order-feed-1m.test.ts).
  project.provide('stackPid', process.pid);
  const lambdaCode = project.name === 'bundles' ? 'bundled' : lambdaCodeFromEnv();
  project.provide('lambdaCode', lambdaCode);
  stack = await startLocalStack({ ports: 'free', web: 'none', seed: true, quiet: true, lambdaCode });
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
