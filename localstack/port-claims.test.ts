import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './emulators';
import { claimPort, releasePort } from './port-claims';

// Another process's claim, as its file says it (the claims' directory is the machine's, shared).
const claimFile = (port: number) => join(tmpdir(), 'portal-port-claims', String(port));

/** A free port whose claim a living other process holds, until `end` kills it (its claim stays behind). */
async function claimedByAnother() {
  const port = await freePort();
  releasePort(port);
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  writeFileSync(claimFile(port), String(child.pid));
  return { port, pid: child.pid!, end: async () => (child.kill('SIGKILL'), await exited) };
}

describe('port claims', () => {
  it('keeps a port another living process claimed, and takes over the claim of one that died without releasing it', async () => {
    const other = await claimedByAnother();
    const { port } = other;
    try {
      expect(claimPort(port)).toBe(false);
      expect(readFileSync(claimFile(port), 'utf8')).toBe(String(other.pid));
    } finally {
      await other.end();
    }
    expect(claimPort(port)).toBe(true);
    expect(readFileSync(claimFile(port), 'utf8')).toBe(String(process.pid));
    releasePort(port);
    expect(existsSync(claimFile(port))).toBe(false);
  });

  it('does not release a claim this process does not hold', async () => {
    const other = await claimedByAnother();
    const { port } = other;
    try {
      releasePort(port);
      expect(readFileSync(claimFile(port), 'utf8')).toBe(String(other.pid));
    } finally {
      await other.end();
      claimPort(port);
      releasePort(port);
    }
  });
});
