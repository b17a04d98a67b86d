import type { Plugin } from 'vite';
import { parsePasswordMinLength } from '../../shared/schemas/password-policy';
import { WEB_BUILD_SETTINGS_FILE, type WebBuildSettings } from '../../lib/definitions/web-build';

/**
 * Checks the build's stage settings (a bad VITE_PASSWORD_MIN_LENGTH fails the build and the dev
 * server) and writes what the build was made with into web/dist (lib/definitions/web-build.ts),
 * so the Web stack can refuse a build that does not fit its stage.
 */
export function buildSettings(): Plugin {
  let settings: WebBuildSettings;
  return {
    name: 'portal:build-settings',
    configResolved(config) {
      settings = { passwordMinLength: parsePasswordMinLength(config.env.VITE_PASSWORD_MIN_LENGTH, 'VITE_PASSWORD_MIN_LENGTH') };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WEB_BUILD_SETTINGS_FILE, source: `${JSON.stringify(settings)}\n` });
    },
  };
}
