import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './emulators';

const saved = process.env.FREE_PORTS;
afterEach(() => {
  if (saved === undefined) delete process.env.FREE_PORTS;
  else process.env.FREE_PORTS = saved;
});

describe('freePort', () => {
  it('with FREE_PORTS, picks only in that range, and skips a port someone listens on', async () => {
    const taken = await freePort();
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(taken, '127.0.0.1', resolve));
    try {
      process.env.FREE_PORTS = `${taken}-${taken + 1}`;
      for (let i = 0; i < 5; i++) expect(await freePort()).toBe(taken + 1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a FREE_PORTS that is not a range rather than using any port', async () => {
    for (const range of ['36000', '36999-36000', '0-10', 'a-b']) {
      process.env.FREE_PORTS = range;
      await expect(freePort()).rejects.toThrow(`FREE_PORTS=${range} is not a range`);
    }
  });
});
