import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './emulators';
import { DEFAULT_PORTS, PortInUseError, startLocalStack } from './stack';

describe('startLocalStack port checks', () => {
  const saved = Object.fromEntries(Object.values(DEFAULT_PORTS).map(({ env }) => [env, process.env[env]]));
  let blocker: Server | undefined;

  afterEach(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
    blocker = undefined;
  });

  it('names the taken port and its variable, and starts nothing', async () => {
    for (const { env } of Object.values(DEFAULT_PORTS)) process.env[env] = String(await freePort());
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(Number(process.env.SES_PORT), '127.0.0.1', resolve));

    const error = await startLocalStack({ ports: 'default', web: 'none', seed: false, quiet: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as PortInUseError).taken).toEqual([{ name: 'ses', port: Number(process.env.SES_PORT), env: 'SES_PORT' }]);
    expect((error as Error).message).toContain('SES_PORT');
  });

  it('rejects a port variable that is not a number', async () => {
    process.env.PORT = 'abc';
    await expect(startLocalStack({ ports: 'default', web: 'none', seed: false, quiet: true })).rejects.toThrow(/PORT=abc/);
  });
});
