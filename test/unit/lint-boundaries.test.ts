import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Each architecture boundary (eslint/boundaries.js), planted in a file that does not exist, must
 * be reported by the linter `npm test` runs; the allowed import next to it must not. Both ways,
 * so the rule can neither be switched off nor turned into "refuse everything" unnoticed.
 */
const root = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'portal/boundaries' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

const cases: Array<{ rule: string; file: string; planted: string; allowed: string }> = [
  {
    rule: 'no imports between web features',
    file: 'web/src/features/dashboard/planted.tsx',
    planted: "import AgendaPage from '../agenda/agenda-page';\nexport const x = AgendaPage;\n",
    allowed: "import { Card } from '../../ui/card';\nexport const x = Card;\n",
  },
  {
    rule: 'features do not import the app frame',
    file: 'web/src/features/dashboard/planted.tsx',
    planted: "import { pages } from '../../app/pages';\nexport const x = pages;\n",
    allowed: "import { useRoute } from '../../lib/api/use-route';\nexport const x = useRoute;\n",
  },
  {
    rule: 'lib, ui and i18n import neither app nor features',
    file: 'web/src/ui/planted.tsx',
    planted: "import DashboardPage from '../features/dashboard/dashboard-page';\nexport const x = DashboardPage;\n",
    allowed: "import { T } from '../i18n/t';\nexport const x = T;\n",
  },
  {
    rule: 'shared imports neither web nor functions',
    file: 'shared/domain/planted.ts',
    planted: "import { env } from '../../functions/platform/env';\nexport const x = env;\n",
    allowed: "import { ROLES } from './types';\nexport const x = ROLES;\n",
  },
  {
    rule: 'shared uses no Node built-in',
    file: 'shared/domain/planted.ts',
    planted: "import { createHash } from 'node:crypto';\nexport const x = createHash;\n",
    allowed: "import { object } from 'yup';\nexport const x = object;\n",
  },
  {
    rule: 'shared uses no browser global',
    file: 'shared/domain/planted.ts',
    planted: "export const x = () => window.location.href;\n",
    allowed: "export const x = () => 'fine';\n",
  },
  {
    rule: 'only functions/data imports the key formats',
    file: 'functions/core/users/planted.ts',
    planted: "import { keys } from '../../data/keys';\nexport const x = keys;\n",
    allowed: "import { getUser } from '../../data/users';\nexport const x = getUser;\n",
  },
  {
    rule: 'handlers do not import functions/data',
    file: 'functions/http/users/planted.ts',
    planted: "import { getUser } from '../../data/users';\nexport const x = getUser;\n",
    allowed: "import { currentUser } from '../../core/users/companies';\nexport const x = currentUser;\n",
  },
  {
    rule: 'use cases import neither the request pipeline nor the jobs',
    file: 'functions/core/users/planted.ts',
    planted: "import { httpHandler } from '../../pipeline/http';\nexport const x = httpHandler;\n",
    allowed: "import { env } from '../../platform/env';\nexport const x = env;\n",
  },
  {
    rule: 'the data layer imports no use case',
    file: 'functions/data/planted.ts',
    planted: "import { resolveCompany } from '../core/users/companies';\nexport const x = resolveCompany;\n",
    allowed: "import { ConflictError } from '../platform/errors';\nexport const x = ConflictError;\n",
  },
  {
    rule: 'platform imports no layer above it',
    file: 'functions/platform/planted.ts',
    planted: "import { getUser } from '../data/users';\nexport const x = getUser;\n",
    allowed: "import { envNames } from './config/resources';\nexport const x = envNames;\n",
  },
  {
    rule: 'runtime code does not import the CDK folder',
    file: 'functions/platform/planted.ts',
    planted: "import { portalStack } from '../../lib/portal';\nexport const x = portalStack;\n",
    allowed: "import { jobs } from './config/resources';\nexport const x = jobs;\n",
  },
  {
    rule: 'the CDK reads only the runtime\'s config',
    file: 'lib/planted.ts',
    planted: "import { env } from '../functions/platform/env';\nexport const x = env;\n",
    allowed: "import { table } from '../functions/platform/config/resources';\nexport const x = table;\n",
  },
];

describe('lint: import boundaries', () => {
  it.each(cases)('$rule: the planted violation fails, the allowed import passes', async ({ file, planted, allowed }) => {
    expect(await boundaryErrors(file, planted)).toHaveLength(1);
    expect(await boundaryErrors(file, allowed)).toEqual([]);
  });

  it('runs in npm test', async () => {
    const { readFileSync } = await import('node:fs');
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toMatch(/^eslint /);
    expect(readFileSync(path.join(root, 'test', 'run-all.sh'), 'utf8')).toMatch(/stage lint npm run -s lint/);
  });
});

describe('message ids built from codes are checked by the compiler', () => {
  it('a cast of a built id is refused, `satisfies` is not', async () => {
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, 'web/src/features/dashboard/planted.ts') });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const head = "import type { MessageId } from '../../i18n/t';\nconst kind = 'user' as 'user' | 'company';\n";
    expect(await lint(`${head}export const x = \`audit.kind.\${kind}\` as MessageId;\n`)).toEqual([expect.stringContaining('satisfies MessageId')]);
    expect(await lint(`${head}export const x = \`audit.kind.\${kind}\` satisfies MessageId;\n`)).toEqual([]);
  });
});

describe('a sort-key prefix is read as a key range (prefixRange), never with begins_with', () => {
  const lint = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, 'functions/data/planted.ts') });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };
  it.each([
    ['a key condition', "export const q = { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)' };\n"],
    ['a key condition with a named sort key', 'export const q = { KeyConditionExpression: `pk = :pk AND begins_with(#s, :prefix)` };\n'],
    ['a condition built apart', "export const condition = 'gsi1pk = :pk AND begins_with( gsi1sk, :prefix)';\n"],
  ])('refuses begins_with in %s', async (_, planted) => {
    expect(await lint(planted)).toEqual([expect.stringContaining('prefixRange')]);
  });
  it('lets the key range and a filter on another attribute through', async () => {
    expect(await lint("import { prefixRange } from './table';\nexport const q = { ...prefixRange('COMPANY#1', 'SOURCE#'), FilterExpression: 'begins_with(title, :t)' };\n")).toEqual([]);
  });
});
