/** Repository paths used by the stacks and the bench (resolved from this file, not the cwd). */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fromRoot = (...parts: string[]): string => path.join(repoRoot, ...parts);
