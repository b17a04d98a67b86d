import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces pointed at the TypeScript sources when they are logged, not at every cold start.
 * `--enable-source-maps` makes Node read and parse every chunk's source map as it loads, about a
 * fifth of a route's cold start (docs/deploy.md, "Source maps"); an API route logs a stack only
 * for an unexpected error (log.ts `logUnhandled`), so it reads the maps then, with Node's own
 * `SourceMap`. A frame whose file has no map (Node's own, or a map that cannot be read) stays as is.
 */

const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

// "at fn (file:///var/task/index.mjs:1:2345)" or "at /var/task/chunks/x.mjs:1:99": file, line, column.
const FRAME = /((?:file:\/\/)?\/[^\s():]+\.m?js):(\d+):(\d+)/g;

/** The stack with each frame of a bundled file replaced by its source file, line and column (1-based). */
export function readableStack(stack: string): string {
  return stack.replace(FRAME, (frame: string, file: string, line: string, column: string) => {
    const map = mapOf(file.startsWith('file://') ? fileURLToPath(file) : file);
    const entry = map?.findEntry(Number(line) - 1, Number(column) - 1) as Partial<{ originalSource: string; originalLine: number; originalColumn: number }> | undefined;
    if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return frame;
    // The map names sources relative to the bundle ("../../functions/..."): keep the repository path.
    const source = entry.originalSource.replace(/^(?:file:\/\/)?(?:\.\.\/|\/var\/task\/)*/, '');
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

/** The error itself, its stack made readable (the logger prints `stack`). */
export function withReadableStack(error: Error): Error {
  if (error.stack) {
    try {
      error.stack = readableStack(error.stack);
    } catch {
      // A frozen or odd error keeps its own stack: logging must not fail.
    }
  }
  return error;
}
