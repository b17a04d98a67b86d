import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { planScaffold, type ScaffoldPlan } from './plan';

/**
 * The scaffold cannot rot: it is planned on the repository as it is (nothing written), every
 * anchor must still be found, every piece of docs/add-a-route.md's checklist must be in the plan,
 * and the planned files must type-check together with the rest of the code (both tsconfigs, the
 * plan laid over the disk in memory).
 */
const root = path.join(import.meta.dirname, '..', '..');
const read = (file: string) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : null);
const plan = planScaffold(
  { entity: 'scaffold-probes', singular: 'scaffold-probe', area: 'marketing', page: '/marketing/scaffold-probes', labels: { en: 'Probes', fr: 'Sondes', ru: 'Зонды' }, menu: { list: 'dataStructure' } },
  read,
);
const text = (file: string) => plan.files.get(file) ?? '';

/** Semantic and syntactic errors of `files` under the tsconfig `config`, with the plan over the disk. */
function typeErrors(config: string, files: string[], planned: ScaffoldPlan): string[] {
  const overlay = new Map([...planned.files].map(([file, source]) => [path.join(root, file), source]));
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, config), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => overlay.get(path.resolve(file)) ?? readFile(file);
  host.fileExists = (file) => overlay.has(path.resolve(file)) || fileExists(file);
  // The planned folders (functions/core/<entity>/) exist only in the overlay.
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (dir) => [...overlay.keys()].some((file) => file.startsWith(`${path.resolve(dir)}/`)) || (directoryExists?.(dir) ?? ts.sys.directoryExists(dir));
  // The project's global declarations (jest-dom's matchers come with the test set-up) are roots too.
  const globals = parsed.fileNames.filter((file) => file.endsWith('.d.ts') || file.endsWith('/test-setup.ts'));
  const program = ts.createProgram(
    [...globals, ...files.map((file) => path.join(root, file))],
    parsed.options,
    host,
  );
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(root, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('npm run new:route (tools/scaffold)', () => {
  it('finds every place it writes to: nothing is left to do by hand', () => {
    expect(plan.manual).toEqual([]);
  });

  it('plans each piece the checklist asks for', () => {
    expect(text('shared/domain/types.ts')).toMatch(/^export const AUDIT_KINDS = \[.*'scaffold-probe'\] as const;$/m);
    expect(text('shared/routes.ts')).toMatch(/^ {2}scaffoldProbesList,\n {2}scaffoldProbesCreate,\n\] as const;$/m);
    expect(text('functions/data/keys.ts')).toContain("...childKeys('scaffoldProbe', 'SCAFFOLD_PROBE#'),");
    expect(text('docs/conventions.md')).toMatch(/^\| POST \/api\/scaffold-probes \| `\{ name \}` \|/m);
    expect(text('test/support/matrix-bodies.ts')).toContain("'scaffold-probes-create': { name: 'Matrix scaffold-probe' },");
    expect(text('web/src/app/pages.tsx')).toContain("{ path: '/marketing/scaffold-probes', access: 'signed-in', menu: 'menu', title: 'route.scaffoldProbes'");
    expect(text('web/src/app/shell/nav-items.ts')).toContain("{ label: 'nav.scaffoldProbes', to: '/marketing/scaffold-probes' }");
    expect(text('web/src/features/marketing/index.tsx')).toContain("export { ScaffoldProbesPage } from './scaffold-probes-page';");
    expect(text('test/support/page-tour.ts')).toContain("  { pattern: '/marketing/scaffold-probes', role: 'ROLE_USER' },\n];");
    for (const [lang, label] of [['en', 'Probes'], ['fr', 'Sondes'], ['ru', 'Зонды']]) {
      expect(text(`web/src/i18n/messages/${lang}.ts`)).toContain(`'route.scaffoldProbes': '${label}',`);
      expect(text(`web/src/i18n/messages/${lang}.ts`)).toContain('\'validation.scaffoldProbe.nameTooLong\'');
      expect(text(`web/src/features/admin/messages/${lang}.ts`)).toContain(`'audit.kind.scaffold-probe': '${label}',`);
      expect(text(`web/src/features/marketing/messages/${lang}.ts`)).toContain("'scaffoldProbes.add'");
    }
    for (const file of [
      'shared/schemas/scaffold-probes.ts',
      'functions/data/scaffold-probes.ts',
      'functions/data/scaffold-probes.test.ts',
      'functions/core/scaffold-probes/scaffold-probes.ts',
      'functions/core/scaffold-probes/scaffold-probes.test.ts',
      'functions/http/scaffold-probes/scaffold-probes-list.ts',
      'functions/http/scaffold-probes/scaffold-probes-create.ts',
      'web/src/features/marketing/scaffold-probes-page.tsx',
      'web/src/features/marketing/scaffold-probes-page.test.tsx',
    ])
      expect(plan.files.has(file), file).toBe(true);
  });

  it('a page kept off the menu says how users reach it, and touches no menu', () => {
    const off = planScaffold({ entity: 'scaffold-probes', singular: 'scaffold-probe', area: 'marketing', page: '/marketing/scaffold-probes', labels: { en: 'P', fr: 'P', ru: 'P' }, menu: { off: 'a link of the sources page' } }, read);
    expect(off.files.get('web/src/app/pages.tsx')).toContain("menu: { off: 'a link of the sources page' }");
    expect(off.files.has('web/src/app/shell/nav-items.ts')).toBe(false);
  });

  it('an anchor that is gone is named, with its file, instead of guessed', () => {
    const moved = planScaffold({ entity: 'scaffold-probes', singular: 'scaffold-probe', area: 'marketing', page: '/p', labels: { en: 'P', fr: 'P', ru: 'P' }, menu: { off: 'x' } }, (file) =>
      file === 'functions/data/keys.ts' ? 'export const keys = {};\n' : read(file),
    );
    expect(moved.manual).toEqual([expect.stringMatching(/^functions\/data\/keys\.ts: the key builder keys\.scaffoldProbe:\n {2}\.\.\.childKeys/)]);
  });

  it('refuses to overwrite an existing file', () => {
    expect(() => planScaffold({ entity: 'collectors', singular: 'collector', area: 'marketing', page: '/p', labels: { en: 'P', fr: 'P', ru: 'P' }, menu: { off: 'x' } }, read)).toThrow(/exists already/);
  });

  it('what it plans type-checks with the rest of the code', { timeout: 600_000 }, () => {
    const server = [...plan.files.keys()].filter((file) => /^(functions|shared|test)\/.*\.ts$/.test(file));
    expect(typeErrors('tsconfig.json', server, plan)).toEqual([]);
    const web = [...plan.files.keys()].filter((file) => file.startsWith('web/src/'));
    expect(typeErrors('web/tsconfig.json', web, plan)).toEqual([]);
  });
});
