import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import-cycle rule (eslint/cycles.js) that `npm test`'s lint runs: a cycle planted in the
 * text of an existing module is reported with its path; the same module importing something that
 * does not lead back is not, and neither is a type-only import (erased at build time).
 */
const root = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function cycleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'cycles/no-cycle').map((m) => m.message);
}

describe('lint: no import cycles', () => {
  // functions/data/table.ts imports functions/platform/env.ts: env importing table closes a loop.
  const file = 'functions/platform/env.ts';

  it('reports a planted cycle with its path', async () => {
    const errors = await cycleErrors(file, "import { db } from '../data/table';\nexport const x = db;\n");
    expect(errors).toEqual(['import cycle: functions/platform/env.ts -> functions/data/table.ts -> functions/platform/env.ts']);
  });

  it('accepts an import that does not lead back, and a type-only one that does', async () => {
    expect(await cycleErrors(file, "import { ConflictError } from './errors';\nexport const x = ConflictError;\n")).toEqual([]);
    expect(await cycleErrors(file, "import type { db } from '../data/table';\nexport type X = typeof db;\n")).toEqual([]);
  });
});
