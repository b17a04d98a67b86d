/**
 * Claims on ports, shared by every process of the machine that picks ports with freePort
 * (localstack/emulators.ts): a port is free for a stack only when nothing listens on it AND no other
 * stack has picked it. A probe alone is not enough: a stack picks its six ports, then its emulators
 * take seconds to listen, and a stack starting beside it (npm test's groups run side by side) probed
 * the same still-unbound port and lost it at the listen (EADDRINUSE).
 *
 * A claim is a file named after the port holding the claimer's pid, created exclusively (O_EXCL: of
 * two processes, one wins). It lasts until releasePort, or the claimer's exit; a claimer killed
 * before it could release leaves a file whose pid is dead, which the next claimer takes over.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = join(tmpdir(), 'portal-port-claims');
const mine = new Set<number>();
let releasesAtExit = false;
const fileOf = (port: number) => join(dir, String(port));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const ownerOf = (file: string): number => {
  try {
    return Number(readFileSync(file, 'utf8'));
  } catch {
    return NaN;
  }
};

function create(port: number): boolean {
  try {
    writeFileSync(fileOf(port), String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  if (!releasesAtExit) {
    releasesAtExit = true;
    process.once('exit', releaseAll);
  }
  mine.add(port);
  return true;
}

/**
 * Takes a dead claimer's file over. Moved aside first (a rename: of two processes, one gets it), and
 * put back when what was moved turns out to be a live claim made in between.
 */
function takeOver(port: number, deadOwner: number): boolean {
  const aside = `${fileOf(port)}.${process.pid}`;
  try {
    renameSync(fileOf(port), aside);
  } catch {
    return false;
  }
  const moved = ownerOf(aside);
  if (moved !== deadOwner) {
    try {
      linkSync(aside, fileOf(port));
    } catch {
      /* claimed again meanwhile: that claim stands */
    }
    unlinkSync(aside);
    return false;
  }
  unlinkSync(aside);
  return create(port);
}

/** True when this process now holds the port's claim (it did not before: a port is handed out once). */
export function claimPort(port: number): boolean {
  mkdirSync(dir, { recursive: true });
  if (create(port)) return true;
  const owner = ownerOf(fileOf(port));
  // NaN or 0: a claim being written right now; a live pid (this process's own included): taken.
  if (!(owner > 0) || alive(owner)) return false;
  return takeOver(port, owner);
}

/** Gives a port this process claimed back (a stopped stack's). */
export function releasePort(port: number): void {
  if (!mine.delete(port)) return;
  try {
    if (ownerOf(fileOf(port)) === process.pid) unlinkSync(fileOf(port));
  } catch {
    /* already gone */
  }
}

function releaseAll(): void {
  for (const port of [...mine]) releasePort(port);
}
