/**
 * The settings a web build was made with (VITE_* values the stage must agree with), written by
 * the build into web/dist (web/build/build-settings.ts) and checked against the stage's own by the
 * Web stack before it uploads the build (lib/web.ts), and by the local stack serving web/dist.
 * The file is not uploaded: nothing in the browser reads it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_BUILD_SETTINGS_FILE = 'build-settings.json';

export interface WebBuildSettings {
  /** VITE_PASSWORD_MIN_LENGTH of the build: the hints and form checks of the browser. */
  readonly passwordMinLength: number;
}

/** Why the build in `distDir` does not fit `expected` (null: it does). */
export function webBuildMismatch(distDir: string, expected: WebBuildSettings, where: string): string | null {
  const file = join(distDir, WEB_BUILD_SETTINGS_FILE);
  const rebuild = `rebuild it: VITE_PASSWORD_MIN_LENGTH=${expected.passwordMinLength} npm run build (docs/deploy.md, "Password minimum")`;
  if (!existsSync(file)) return `${file} is missing (a build older than the setting): ${rebuild}`;
  const built = JSON.parse(readFileSync(file, 'utf8')) as Partial<WebBuildSettings>;
  if (built.passwordMinLength !== expected.passwordMinLength) {
    return `the web build checks passwords of at least ${String(built.passwordMinLength)} characters, ${where} at least ${expected.passwordMinLength}: ${rebuild}`;
  }
  return null;
}
