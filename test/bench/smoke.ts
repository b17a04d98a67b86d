/**
 * `--smoke`: a bench at its smallest size, run by the "bench smoke" stage of `npm test`
 * (test/bench/smoke.sh). It asserts nothing about speed; it exits non-zero only when the bench
 * cannot run, so a bench that rots fails the suite instead of the next person who needs it.
 */
export const smoke = process.argv.slice(2).includes('--smoke');

/** The bench's size, or its smallest in a smoke run. */
export const sized = (full: number, smallest: number): number => (smoke ? smallest : full);
