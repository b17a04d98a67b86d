/**
 * THE password minimum (spec: at least 8 characters, 'Password should contain at least 8
 * symbols'). A deployed stage may raise it: one stage setting (lib/config.ts `passwordMinLength`)
 * feeds the Cognito pool, the functions' environment (PASSWORD_MIN_LENGTH) and the web build
 * (VITE_PASSWORD_MIN_LENGTH, checked against the stage by the Web stack). Each runtime hands
 * its value to `setPasswordMinLength` once at start (functions/pipeline/handler.ts, the web
 * app's entry); the schemas, the forms' hints and the generator read `passwordMinLength()` when
 * they check or render, never a copy. docs/deploy.md says when to raise it.
 */

/** The spec's minimum: no stage goes below it. */
export const PASSWORD_MIN_LENGTH_FLOOR = 8;
/** Cognito's own ceiling for a pool's minimum length. */
const PASSWORD_MIN_LENGTH_CEILING = 99;

/** Why `value` cannot be a password minimum (null: it can). Numbers and their decimal text are accepted. */
export function passwordMinLengthProblem(value: unknown): string | null {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) return `must be a whole number of characters, got ${JSON.stringify(value)}`;
  if (number < PASSWORD_MIN_LENGTH_FLOOR) return `must be at least ${PASSWORD_MIN_LENGTH_FLOOR} (the spec's minimum), got ${number}`;
  if (number > PASSWORD_MIN_LENGTH_CEILING) return `must be at most ${PASSWORD_MIN_LENGTH_CEILING} (Cognito's limit), got ${number}`;
  return null;
}

/**
 * A setting's value as a minimum: unset (undefined or '') is the spec's 8; anything else must be
 * a whole number from 8 to 99, else an Error naming `setting` (a stage, a build or a start refuses it).
 */
export function parsePasswordMinLength(value: unknown, setting: string): number {
  if (value === undefined || value === null || value === '') return PASSWORD_MIN_LENGTH_FLOOR;
  const problem = passwordMinLengthProblem(value);
  if (problem) throw new Error(`${setting} ${problem}`);
  return Number(value);
}

let current = PASSWORD_MIN_LENGTH_FLOOR;

/** The minimum in force in this runtime (8 until the runtime sets its stage's value). */
export const passwordMinLength = (): number => current;

/** A password's length against the minimum in force, read when it is checked (undefined: the `required` check's business). */
export const isLongEnough = (value: string | undefined): boolean => value === undefined || value.length >= current;

/** Sets this runtime's minimum from its configuration (once, at start). */
export function setPasswordMinLength(value: number): void {
  const problem = passwordMinLengthProblem(value);
  if (problem) throw new Error(`The password minimum ${problem}`);
  current = value;
}
