/**
 * Starts s3rver (a child process of emulators.ts) with one fix, so a browser upload is refused
 * locally as S3 refuses it: s3rver ignores the POST policy, so a ticket for 100 bytes took 1 GiB.
 * Here a form POST whose policy has `["content-length-range", min, max]` is refused when its file
 * is outside the range (EntityTooLarge / EntityTooSmall, 400) and nothing is stored. Only that
 * condition is enforced (not the signature, expiry or the other conditions). The body is spooled to
 * a temporary file while it is checked, then replayed to s3rver's own controller. Plain JavaScript: node runs it as is.
 *
 *   node localstack/s3rver-start.mjs <directory> <address> <port>
 */
import { createRequire } from 'node:module';
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');
const objectCtrl = require('s3rver/lib/controllers/object.js');
const S3Error = require('s3rver/lib/models/error.js');
// s3rver's own form parser (its dependency, resolved from it).
const Busboy = createRequire(require.resolve('s3rver'))('busboy');

/** Spools the request body to `spool` and checks its file against the policy's content-length-range. */
function spoolChecked(ctx, spool) {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(spool);
    let range = null;
    let size = 0;
    let files = 0;
    const busboy = new Busboy({ headers: ctx.headers });
    busboy.on('field', (name, value) => {
      if (name.toLowerCase() !== 'policy') return;
      try {
        const policy = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
        range = (policy.conditions ?? []).find((c) => Array.isArray(c) && c[0] === 'content-length-range') ?? null;
      } catch {
        range = null; // s3rver does not check the policy at all: a broken one is its business
      }
    });
    busboy.on('file', (name, file) => {
      const counted = name === 'file' && files++ === 0;
      file.on('data', (chunk) => {
        if (!counted) return;
        size += chunk.length;
        // Refused anyway: stop keeping it, but read the request to its end (the client then gets
        // the answer rather than a reset connection).
        if (range && size > Number(range[2]) && !out.writableEnded) {
          ctx.req.unpipe(out);
          out.end();
        }
      });
    });
    const parsed = new Promise((done, fail) => {
      busboy.once('error', fail);
      busboy.once('finish', done);
    });
    const spooled = new Promise((done, fail) => {
      out.once('error', fail);
      out.once('close', done);
    });
    ctx.req.pipe(out);
    ctx.req.pipe(busboy);
    Promise.all([parsed, spooled]).then(() => {
      if (range && size > Number(range[2])) {
        reject(new S3Error('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { ProposedSize: size, MaxSizeAllowed: range[2] }));
      } else if (range && size < Number(range[1])) {
        reject(new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', { ProposedSize: size, MinSizeAllowed: range[1] }));
      } else {
        resolve();
      }
    }, reject);
  });
}

const postObject = objectCtrl.postObject;
objectCtrl.postObject = async (ctx) => {
  if (!ctx.is('multipart/form-data')) return postObject(ctx);
  // Spooled to a file, not memory: the 1M-order feed test uploads ~800 MB.
  const spool = join(tmpdir(), `s3rver-post-${randomUUID()}`);
  try {
    await spoolChecked(ctx, spool);
    const replay = createReadStream(spool);
    replay.headers = ctx.req.headers;
    replay.method = ctx.req.method;
    replay.url = ctx.req.url;
    ctx.req = replay;
    return await postObject(ctx);
  } finally {
    await rm(spool, { force: true });
  }
};

const [directory, address, port] = process.argv.slice(2);
const { port: listening } = await new S3rver({ directory, address, port: Number(port), silent: true }).run();
console.log('S3rver listening on %s:%d', address, listening);
