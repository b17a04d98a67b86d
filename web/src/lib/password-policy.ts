import { parsePasswordMinLength, setPasswordMinLength } from 'shared/schemas/password-policy';

/**
 * The browser's password minimum: the build's VITE_PASSWORD_MIN_LENGTH, which is the stage's
 * (the Web stack refuses a build made with another value; locally `npm start` passes its own
 * PASSWORD_MIN_LENGTH on). Called once by the entry, before the first render: from then on the
 * shared schemas and the hints read it (shared/schemas/password-policy.ts).
 */
export function applyBuildPasswordMinimum(): void {
  setPasswordMinLength(parsePasswordMinLength(import.meta.env.VITE_PASSWORD_MIN_LENGTH, 'VITE_PASSWORD_MIN_LENGTH'));
}
