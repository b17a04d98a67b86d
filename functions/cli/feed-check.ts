/**
 * Command line feed check (README, "Checking a feed before publishing it"):
 *
 *   npm run --silent feed-check -- <file-or-url> [--type xml|csv] [--product 360|affiliate|lead]
 *                                 [--analytics-orders <file of ids>] [--sftp-host-key SHA256:...] [--json]
 *
 * Exit code 0: no warning; 1: warnings; 2: the input (or the command line) cannot be read or
 * parsed, with the reason on stderr and no stack trace. With --json stdout carries the result
 * object and nothing else.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createFeedChecker } from '../../shared/feed/checker';
import { addDays, dayOf } from '../../shared/feed/rules/values';
import { FeedParseError, feedKindOf, type AnalyticsOrders, type FeedFormat, type FeedKind, type FeedProduct, type FeedResult } from '../../shared/feed/types';
import { WARNING_KEYS, WARNINGS, warningText } from '../../shared/feed/warnings';
// The network side (ssh2, basic-ftp, ipaddr.js...) loads only for a URL (feedBytes, shownSource):
// a file check does not pay its start-up (measured: 100+ ms). errors.ts imports nothing.
import { FeedFetchError } from '../platform/feed-fetch/errors';
// node:crypto only, like errors.ts: the fingerprint's form, to refuse a mistyped pin before any fetch.
import { isHostKeyFingerprint } from '../platform/feed-fetch/host-key';
import { fileBytes } from './file-bytes';


export const USAGE =
  'usage: feed-check <file-or-url> [--type xml|csv] [--product 360|affiliate|lead] [--analytics-orders <file of ids>] [--sftp-host-key SHA256:...] [--json]';

export interface CliOptions {
  source: string;
  format: FeedFormat;
  product: FeedProduct;
  analyticsOrders?: string;
  /** sftp: the host key the server must present (the fingerprint a first run printed). */
  sftpHostKey?: string;
  json: boolean;
}

/** A problem the user can fix: printed as one line on stderr (with the usage if `usage`), exit code 2. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}

export function parseArgs(args: readonly string[]): CliOptions {
  let source: string | undefined;
  let format: FeedFormat | undefined;
  let product: FeedProduct = '360';
  let analyticsOrders: string | undefined;
  let sftpHostKey: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined || next.startsWith('--')) throw new CliError(`${arg} needs a value`, true);
      return next;
    };
    if (arg === '--json') json = true;
    else if (arg === '--type') {
      const v = value();
      if (v !== 'xml' && v !== 'csv') throw new CliError(`--type must be xml or csv, not "${v}"`, true);
      format = v;
    } else if (arg === '--product') {
      const v = value();
      if (v !== '360' && v !== 'affiliate' && v !== 'lead') throw new CliError(`--product must be 360, affiliate or lead, not "${v}"`, true);
      product = v;
    } else if (arg === '--analytics-orders') analyticsOrders = value();
    else if (arg === '--sftp-host-key') {
      const v = value();
      if (!isHostKeyFingerprint(v)) throw new CliError(`--sftp-host-key takes a fingerprint like SHA256:<43 characters>, as the report of an sftp:// check prints it, not "${v}"`, true);
      sftpHostKey = v;
    }
    else if (arg.startsWith('--')) throw new CliError(`unknown option ${arg}`, true);
    else if (source === undefined) source = arg;
    else throw new CliError(`one feed at a time ("${arg}" is a second one)`, true);
  }
  if (source === undefined) throw new CliError('which feed? give a file or a URL (http, https, ftp, sftp)', true);
  if (sftpHostKey !== undefined && !/^sftp:\/\//i.test(source)) throw new CliError('--sftp-host-key applies to an sftp:// feed only', true);
  const extension = extname(isUrl(source) ? new URL(source).pathname : source).toLowerCase();
  return {
    source,
    format: format ?? (extension === '.csv' ? 'csv' : 'xml'),
    product,
    json,
    ...(analyticsOrders ? { analyticsOrders } : {}),
    ...(sftpHostKey ? { sftpHostKey } : {}),
  };
}

const isUrl = (source: string) => /^(https?|s?ftp):\/\//i.test(source);

/** Caps of a URL fetched from the command line: generous (a 1M-order feed is ~800 MB), still bounded. */
export const URL_LIMITS = { maxBytes: 2 * 1024 ** 3, timeoutMs: 30 * 60_000, idleTimeoutMs: 60_000 };

/**
 * The feed's bytes: a URL (http, https, ftp, sftp) streamed by openFeed, a file in FILE_CHUNK_BYTES
 * reads. sftp: with `sftpHostKey` another host key is refused before any password is sent;
 * `onHostKey` hears the key the server presented.
 */
export async function* feedBytes(source: string, sftp: { sftpHostKey?: string; onHostKey?: (fingerprint: string) => void } = {}): AsyncGenerator<Uint8Array> {
  if (isUrl(source)) {
    // Behind the server's SSRF guard (docs/feed-fetch.md); FEED_FETCH_ALLOW lets a test reach its loopback server.
    const { openFeed, allowFromEnv } = await import('../platform/feed-fetch');
    const feed = await openFeed(source, { ...URL_LIMITS, allow: allowFromEnv(), ...(sftp.sftpHostKey ? { sftpHostKey: sftp.sftpHostKey } : {}) });
    if (feed.hostKey) sftp.onHostKey?.(feed.hostKey);
    yield* feed.body as AsyncIterable<Buffer>;
    return;
  }
  yield* fileBytes(source);
}

/**
 * Ids known to analytics, one per line (blank lines ignored). They are the orders of the day
 * before the check: the analytics day is complete only once it is over.
 */
export async function readAnalyticsOrders(file: string, now: Date): Promise<AnalyticsOrders> {
  const ids = new Set((await readFile(file, 'utf8')).split(/\r?\n/).map((line) => line.trim()).filter(Boolean));
  return { day: addDays(dayOf(now), -1), has: (id) => ids.has(id) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The source as the report prints it: a URL without its credentials. */
async function shownSource(source: string): Promise<string> {
  return isUrl(source) ? (await import('../platform/feed-fetch')).redactUrl(source) : source;
}

/**
 * The readable report (English); options.source as it may be shown (run() passes it redacted).
 * `hostKey`: the sftp server's key fingerprint, printed so the next run can pin it.
 */
export function formatReport(result: FeedResult, options: CliOptions, now: Date, hostKey?: string): string {
  const kind: FeedKind = feedKindOf(options.product);
  const noun = kind === 'lead' ? 'lead' : 'order';
  const { numOrders, dateRange, monthlyStats, stateStats } = result.stats;
  const out: string[] = [];
  out.push(`${kind === 'lead' ? 'Lead' : 'Order'} feed check: ${options.source} (${options.format}, product ${options.product}), ${dayOf(now)}`);
  if (hostKey) {
    // Without a pin any key is accepted: say so, and how to pin it (trust on first use, as the portal does).
    out.push(`SFTP host key: ${hostKey} (${options.sftpHostKey ? 'as pinned with --sftp-host-key' : `not verified; to refuse any other server next time: --sftp-host-key ${hostKey}`})`);
  }
  out.push('');
  out.push(`${plural(numOrders.total, noun)}: ${numOrders.fromNewCustomers} from new customers, ${numOrders.fromCallCenter} from the call centre`);
  if (dateRange.from && dateRange.to) {
    const days = Math.floor((Date.parse(`${dateRange.to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${dateRange.from.slice(0, 10)}T00:00:00Z`)) / 86_400_000) + 1;
    out.push(`Dates: ${dateRange.from} to ${dateRange.to} (${plural(days, 'day')})`);
  }
  const states = Object.entries(stateStats).map(([state, n]) => `${state} ${n}`);
  if (states.length) out.push(`States: ${states.join(', ')}`);
  const months = Object.entries(monthlyStats).sort(([a], [b]) => a.localeCompare(b));
  if (months.length) out.push(`Months: ${months.map(([month, n]) => `${month} ${n}`).join(', ')}`);
  if (result.possibleImported) {
    const p = result.possibleImported;
    out.push(`Analytics, ${p.dayTested}: ${plural(p.ordersInFeed, noun)} in the feed, ${p.notInGA} not found in analytics`);
  }
  out.push('');
  const keys = WARNING_KEYS.filter((key) => result.errors[key] !== undefined);
  if (keys.length === 0) {
    out.push('No warning: the feed follows every rule.');
    return out.join('\n');
  }
  out.push(`${plural(keys.length, 'warning')}:`);
  for (const key of keys) {
    const { title, explanation } = warningText(key, 'en', kind);
    const examples = result.errors[key] ?? [];
    const count = result.counts[key] ?? examples.length;
    out.push('');
    out.push(`! ${title} [${key}]${examples.some((e) => e.line > 0) ? `: ${count} found` : ''}`);
    out.push(`  ${explanation}`);
    for (const e of examples) {
      const where = e.line > 0 ? `line ${e.line}${e.orderId ? `, ${noun} ${e.orderId}` : ''}` : 'feed';
      out.push(`  - ${where}${e.detail ? `: ${e.detail}` : ''}`);
    }
    if (count > examples.length) out.push(`  ... and ${count - examples.length} more`);
    out.push(`  How to fix it: ${WARNINGS[key].doc}`);
  }
  return out.join('\n');
}

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  now: Date;
}

/** Runs the command; returns the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  try {
    const options = parseArgs(args);
    const analytics = options.analyticsOrders ? await readAnalyticsOrders(options.analyticsOrders, io.now) : undefined;
    const checker = createFeedChecker({ format: options.format, product: options.product, now: io.now, ...(analytics ? { analytics } : {}) });
    let hostKey: string | undefined;
    const sftp = { ...(options.sftpHostKey ? { sftpHostKey: options.sftpHostKey } : {}), onHostKey: (fingerprint: string) => (hostKey = fingerprint) };
    // Bytes straight to the checker: a UTF-8 XML feed is read by the byte parser, anything else decoded first (shared/feed/byte-input.ts).
    for await (const bytes of feedBytes(options.source, sftp)) checker.pushBytes(bytes);
    const result = checker.end();
    io.stdout(options.json ? `${JSON.stringify(result)}\n` : `${formatReport(result, { ...options, source: await shownSource(options.source) }, io.now, hostKey)}\n`);
    return Object.keys(result.errors).length === 0 ? 0 : 1;
  } catch (error) {
    io.stderr(`feed-check: ${describe(error)}\n`);
    if (error instanceof CliError && error.usage) io.stderr(`${USAGE}\n`);
    return 2;
  }
}

/** One line, no stack: what went wrong, in the user's terms. */
function describe(error: unknown): string {
  if (error instanceof FeedParseError) return `the feed cannot be read: ${error.message}`;
  if (error instanceof CliError) return error.message;
  if (error instanceof FeedFetchError) return `cannot fetch the feed: ${error.message}`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const path = (error as NodeJS.ErrnoException | undefined)?.path;
  if (code === 'ENOENT') return `no such file: ${path}`;
  if (code === 'EISDIR') return `${path ?? 'the feed'} is a directory`;
  if (code === 'EACCES') return `permission denied: ${path}`;
  return error instanceof Error ? error.message : String(error);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await run(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    now: new Date(),
  });
  // exitCode, not exit(): let a large stdout drain into a pipe before the process ends.
  process.exitCode = code;
}
