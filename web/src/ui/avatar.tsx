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
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {text}
    </span>
  );
}
