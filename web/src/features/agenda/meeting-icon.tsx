import type { MeetingState } from 'shared/domain/meetings';

/** Outline icons (24x24, currentColor): a check for a past meeting, a bell for the next one, speech bubbles for later ones. */
const PATHS: Record<MeetingState, string[]> = {
  past: ['M5 12.5l4.5 4.5L19 7.5'],
  next: ['M18 16H6l1.5-2V10a4.5 4.5 0 0 1 9 0v4z', 'M10.5 19a1.5 1.5 0 0 0 3 0', 'M12 4v1.5'],
  upcoming: ['M4 6h11v7H9l-3 3v-3H4z', 'M15 9h5v7h-2v3l-3-3h-4v-3'],
};

export function MeetingIcon({ state, label }: { state: MeetingState; label: string }) {
  return (
    <span className={`timeline-icon timeline-icon-${state}`} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {PATHS[state].map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
