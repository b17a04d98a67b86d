/**
 * Tests' check that a refusal carries its translatable detail: a known key, exactly the values
 * that key's sentence fills in, each a string or a number. Every test that provokes a
 * FeedParseError runs it, so a new throw site without a detail fails there.
 */
import { FEED_ERROR_VALUES, type FeedErrorDetail } from '../types';

/** What is wrong with a refusal's detail ([] when nothing is). */
export function detailProblems(detail: FeedErrorDetail | undefined, message = ''): string[] {
  if (!detail) return [`no detail for "${message}"`];
  if (!Object.hasOwn(FEED_ERROR_VALUES, detail.key)) return [`unknown detail key ${detail.key}`];
  const expected = [...FEED_ERROR_VALUES[detail.key]].sort();
  const values = detail.values ?? {};
  const got = Object.keys(values).sort();
  const problems: string[] = [];
  if (expected.join() !== got.join()) problems.push(`${detail.key}: values ${got.join() || 'none'}, expected ${expected.join() || 'none'}`);
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' && typeof value !== 'number') problems.push(`${detail.key}: value ${name} is a ${typeof value}`);
  }
  return problems;
}

/** Throws when the refusal's detail is missing or does not fit its key; returns the refusal. */
export function withDetail<E extends { detail?: FeedErrorDetail; message: string }>(error: E): E {
  const problems = detailProblems(error.detail, error.message);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return error;
}
