import { existsSync } from 'node:fs';
import { startLocalStack } from '../../localstack/stack';

// One local stack for the whole browser run; workers read its URL and logins from the env.
export default async function globalSetup() {
  if (!existsSync('web/dist/index.html')) throw new Error('web/dist is missing: run `npm run build:web` first');
  const stack = await startLocalStack({ ports: 'free', web: 'dist', seed: true, quiet: true });
  process.env.E2E_URL = stack.url;
  process.env.E2E_SES_URL = stack.endpoints.ses;
  process.env.E2E_CREDENTIALS = JSON.stringify(stack.credentials);
  process.env.E2E_ENV = JSON.stringify(stack.env);
  return async () => {
    await stack.stop();
  };
}
