import { useState } from 'react';
import { T } from '../../i18n/t';
import { pickEmoji } from '../../ui/greeting-emoji';

/** The set and the draw live in ui/greeting-emoji.ts (the profile greets with them too). */
export { GREETING_EMOJIS, pickEmoji } from '../../ui/greeting-emoji';

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
