import { useState } from 'react';
import { T } from '../../i18n/t';

/** Ten greetings, five of them the sunglasses face (accounts spec: weighted toward it). */
export const GREETING_EMOJIS = ['😎', '😎', '😎', '😎', '😎', '👋', '🚀', '🙌', '✨', '😊'] as const;

export const pickEmoji = (random: () => number = Math.random) => GREETING_EMOJIS[Math.floor(random() * GREETING_EMOJIS.length)]!;

export function Greeting({ firstName }: { firstName: string }) {
  const [emoji] = useState(() => pickEmoji());
  return (
    <p className="greeting">
      <span className="greeting-emoji" aria-hidden="true">
        {emoji}
      </span>{' '}
      {firstName ? <T id="dashboard.greeting" values={{ name: firstName }} /> : <T id="dashboard.greetingNoName" />}
    </p>
  );
}
