import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/**
 * Build only: turns the message catalogues (web/src/i18n/messages/*.ts and
 * web/src/features/<area>/messages/*.ts) into pre-parsed ICU
 * ASTs, so the ICU parser can be left out of the bundle (react-intl accepts ASTs as messages).
 * Tests and the dev server keep plain strings and the runtime parser.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'portal:precompile-messages',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      // The entry catalogues (src/i18n/messages) and the areas' (src/features/<area>/messages).
      if (!/[\\/]src[\\/](?:i18n|features[\\/][\w-]+)[\\/]messages[\\/][a-z]{2}\.ts$/.test(id)) return null;
      // After esbuild the module is `export const xx = { ...string literals... };` (type imports erased).
      const match = /export\s+const\s+(\w+)\s*=/.exec(code);
      // An import statement starts a line; a message may well contain the word ('importé').
      if (!match || /^\s*import\b/m.test(code)) this.error(`Unexpected shape of message catalogue ${id}`);
      const catalogue = new Function(code.replace(match![0], 'return'))() as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(catalogue).map(([key, message]) => [key, parse(message)]));
      return { code: `export const ${match![1]} = ${JSON.stringify(compiled)};\n`, map: null };
    },
  };
}
