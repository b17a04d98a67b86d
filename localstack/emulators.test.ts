import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, isPortFree, releasePort } from './emulators';

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
      for (let i = 0; i < 5; i++) {
        expect(await freePort()).toBe(taken + 1);
        releasePort(taken + 1);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('hands a port out once until it is released, though nothing listens on it yet', async () => {
    const port = await freePort();
    try {
      process.env.FREE_PORTS = `${port}-${port}`;
      await expect(freePort()).rejects.toThrow(`No free port in FREE_PORTS=${port}-${port}`);
      releasePort(port);
      expect(await freePort()).toBe(port);
    } finally {
      releasePort(port);
    }
  });

  it('gives stacks picking their ports at once in one range disjoint ports (none listens yet)', async () => {
    // A window of the range the run keeps to (FREE_PORTS), or of one below the OS's ephemeral ports.
    const [from, to] = (process.env.FREE_PORTS ?? '20000-29999').split('-').map(Number) as [number, number];
    const start = from + Math.floor(Math.random() * (to - from - 60));
    process.env.FREE_PORTS = `${start}-${start + 59}`;
    // Eight stacks of six ports each, as resolvePorts picks them (localstack/stack.ts): every pick
    // before any listen, as the emulators take seconds to.
    const stacks = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const ports: number[] = [];
        for (let i = 0; i < 6; i++) ports.push(await freePort());
        return ports;
      }),
    );
    const all = stacks.flat();
    try {
      expect(new Set(all).size).toBe(all.length);
      for (const port of all) expect(await isPortFree(port)).toBe(true);
    } finally {
      all.forEach(releasePort);
    }
  });

  it('refuses a FREE_PORTS that is not a range rather than using any port', async () => {
    for (const range of ['36000', '36999-36000', '0-10', 'a-b']) {
      process.env.FREE_PORTS = range;
      await expect(freePort()).rejects.toThrow(`FREE_PORTS=${range} is not a range`);
    }
  });
});
