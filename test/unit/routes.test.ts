import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerModule, routes, type RouteDef } from '../../shared/routes';

/** The route table and functions/http/ must agree one-to-one (docs/architecture.md, "One route table"). */

const root = join(import.meta.dirname, '..', '..');
const httpDir = join(root, 'functions', 'http');
const all = routes as readonly RouteDef[];

function handlerFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return handlerFiles(path);
    // Tests beside handlers are not handlers.
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [relative(root, path).replace(/\.ts$/, '')] : [];
  });
}

describe('route table', () => {
  it('has unique ids and unique method + path pairs', () => {
    const ids = all.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const keys = all.map((r) => `${r.method} ${r.path.replace(/\{\w+\}/g, '{}')}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('has well-formed ids, areas and paths', () => {
    for (const route of all) {
      expect(route.id, route.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(route.area, route.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      // /api, then lower-case segments or {param}; no trailing slash, no empty segment.
      expect(route.path, route.id).toMatch(/^\/api(\/([a-z0-9]+(-[a-z0-9]+)*|\{[a-zA-Z]\w*\}))+$/);
      expect(['public', 'signed-in', 'admin'], route.id).toContain(route.access);
    }
  });

  it('has every write route declare the GET routes it makes stale, and only writes declare them', () => {
    const gets = new Set(all.filter((r) => r.method === 'GET').map((r) => r.id));
    for (const route of all) {
      if (route.method === 'GET') {
        expect(route.stale, route.id).toBeUndefined();
        continue;
      }
      // Possibly empty, never forgotten: the web app refreshes exactly these after the write.
      expect(Array.isArray(route.stale), `${route.id} declares no stale list`).toBe(true);
      for (const id of route.stale ?? []) expect(gets.has(id), `${route.id}: ${id} is not a GET route`).toBe(true);
      expect(new Set(route.stale).size, route.id).toBe(route.stale?.length);
    }
  });

  it('has a write answer only for a GET route without parameters, and no GET route answer one', () => {
    for (const route of all.filter((r) => r.answers !== undefined)) {
      expect(route.method, route.id).not.toBe('GET');
      const answered = all.find((r) => r.id === route.answers);
      expect(answered?.method, `${route.id}: ${route.answers} is not a GET route`).toBe('GET');
      expect(answered?.path, `${route.id}: ${route.answers} takes path parameters`).not.toMatch(/\{/);
    }
  });

  it('opens to API tokens only reads of the current company (docs/auth.md, "API tokens")', () => {
    const opened = all.filter((r) => r.apiToken);
    expect(opened.length).toBeGreaterThan(0);
    for (const route of opened) {
      expect(route.method, route.id).toBe('GET');
      expect(route.access, route.id).toBe('signed-in');
      expect(route.companyScoped, route.id).toBe(true);
    }
    // Managing tokens is a person's job: a token never makes, lists or revokes tokens.
    expect(opened.filter((r) => r.area === 'api-tokens')).toEqual([]);
  });

  it('gives every route a handler module', () => {
    const files = new Set(handlerFiles(httpDir));
    expect(all.filter((route) => !files.has(handlerModule(route))).map((r) => r.id)).toEqual([]);
  });

  it('gives every handler module a route', () => {
    const modules = new Set(all.map(handlerModule));
    expect(handlerFiles(httpDir).filter((file) => !modules.has(file))).toEqual([]);
  });

  it('has handler modules that load and export a handler function', async () => {
    for (const route of all) {
      const mod = (await import(join(root, `${handlerModule(route)}.ts`))) as { handler?: unknown };
      expect(typeof mod.handler, route.id).toBe('function');
    }
  }, 60_000);
});

describe('route contract bundles', () => {
  it('keeps only its own route (and schema) in a handler bundle', async () => {
    // Each route is its own side-effect-free export: a Lambda must not carry the whole table.
    const { build } = await import('esbuild');
    const out = await build({
      entryPoints: [join(root, 'functions/http/security/password-reset-request.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]!.text;
    const paths = [...new Set(code.match(/"\/api\/[a-z0-9/{}-]*"/g) ?? [])];
    expect(paths).toEqual(['"/api/security/password-reset"']);
    expect(code).not.toContain('changeCurrentCompanySchema');
  }, 60_000);
});
