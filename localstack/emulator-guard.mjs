/**
 * The local emulators closed to web pages (docs/local-aws.md, "What the local stack exposes").
 *
 * The emulators are written for SDKs, not browsers: cognito-local and aws-ses-v2-local answer
 * `Access-Control-Allow-Origin: *`, cognito-local's admin calls need no signature, and every one
 * answers any `Host`. So a page open in a developer's browser could list the local users, set the
 * administrator's password, or (after DNS rebinding, `Host: evil.example:8005`) read the SES store
 * with its reset links. This front refuses, before the emulator sees it:
 *
 * - a `Host` other than the emulator's own loopback names (`127.0.0.1:<port>`, `localhost:<port>`):
 *   421, as the gateway does;
 * - a browser request from another origin: an `Origin` header other than the emulator's own origins
 *   and those it is told to serve (EMULATOR_ALLOWED_ORIGINS: the portal's, for the browser's feed
 *   upload to S3), or, without an Origin, `Sec-Fetch-Site: cross-site`: 403, CORS
 *   preflights included, with no CORS header, so the browser never reads an answer.
 *
 * SDK calls (no Origin, no Sec-Fetch-Site, the loopback Host) pass untouched. Plain JavaScript: the
 * node emulators load it with `node --import` (emulators.ts), and the in-process servers (the local
 * SQS, the SES front) call `guardServer`. DynamoDB Local (Java) has the same rules in
 * DynamoDbLocalOnLoopback.java.
 */
import http from 'node:http';

const LOOPBACK = ['127.0.0.1', 'localhost'];

/** The origins named in EMULATOR_ALLOWED_ORIGINS (comma-separated), lower case. */
function originsFromEnv() {
  return (process.env.EMULATOR_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Why this request must not reach the emulator listening on `port`, or null when it may.
 * @param {{ headers: Record<string, string | string[] | undefined> }} req
 * @param {number} port
 * @param {string[]} allowedOrigins
 * @returns {{ status: 421 | 403, message: string } | null}
 */
export function refusal(req, port, allowedOrigins = originsFromEnv()) {
  const host = String(req.headers.host ?? '').toLowerCase();
  if (!LOOPBACK.some((name) => host === `${name}:${port}`)) return { status: 421, message: 'This emulator answers only its own loopback host names' };
  const own = LOOPBACK.map((name) => `http://${name}:${port}`);
  const origin = req.headers.origin === undefined ? null : String(req.headers.origin).toLowerCase();
  if (origin !== null) {
    return own.includes(origin) || allowedOrigins.includes(origin) ? null : { status: 403, message: 'This emulator refuses calls from web pages of other origins' };
  }
  // No Origin: an SDK, or a browser's navigation or no-cors load, which names the site it comes from.
  // same-site stays open: every loopback port is one site (the portal linking to the mail page).
  const site = String(req.headers['sec-fetch-site'] ?? 'none').toLowerCase();
  return site === 'cross-site' ? { status: 403, message: 'This emulator refuses calls from web pages of other sites' } : null;
}

/** Answers a refusal: plain text, no CORS header, connection closed. */
function refuse(res, { status, message }) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`${message}\n`);
}

/** An `emit` that answers a refused request itself and hands every other event to `emit`. */
function guardedEmit(emit, allowedOrigins) {
  return function emitGuarded(event, req, res, ...rest) {
    if (event === 'request') {
      const why = refusal(req, req.socket.localPort, allowedOrigins);
      if (why) {
        refuse(res, why);
        return true;
      }
    }
    return emit.call(this, event, req, res, ...rest);
  };
}

/** Puts the guard in front of one server's request listeners (the stack's in-process servers). */
export function guardServer(server, allowedOrigins = originsFromEnv()) {
  server.emit = guardedEmit(server.emit, allowedOrigins);
  return server;
}

// Loaded with `node --import` by emulators.ts: every HTTP server of the emulator's process is guarded.
if (process.env.EMULATOR_GUARD === '1') http.Server.prototype.emit = guardedEmit(http.Server.prototype.emit, originsFromEnv());
