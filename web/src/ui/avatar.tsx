/** Initials of a person, e.g. "Ada Lovelace" -> "AL"; falls back to the login's first letter. */
export function initials(firstName: string, lastName: string, login: string): string {
  const letters = [firstName, lastName]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase();
  return letters || login.charAt(0).toUpperCase() || '?';
}

export function Avatar({ text, size = 'md' }: { text: string; size?: 'md' | 'lg' }) {
  return (
    // Initials drawn by CSS (::before): decorative, so they are no text in the accessible name
    // computation of the button around them (WCAG 2.5.3: the visible label starts the name).
    <span className={`avatar avatar-${size}`} data-initials={text} aria-hidden="true" />
  );
}
