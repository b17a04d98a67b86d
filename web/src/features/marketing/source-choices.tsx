import { useState } from 'react';
import type { Source } from 'shared/domain/types';
import { sourcesCpo, sourcesList } from 'shared/routes';
import { useRoute } from '../../lib/api/use-route';
import { SearchBox, useDebounced } from '../../ui/table-tools';
import { useT, type MessageId } from '../../i18n/t';

/** How many sources a picker offers: the server's first matches of what is typed. */
const CHOICES = 20;

/**
 * The company's sources whose texts hold `text` (the CPO ones only if asked: the commission form),
 * asked of the server when typing pauses: a picker never reads the whole list (2,000 sources).
 */
export function useSourceChoices(text: string, cpo = false) {
  const q = useDebounced(text.trim());
  const answer = useRoute(cpo ? sourcesCpo : sourcesList, undefined, { query: { q, limit: String(CHOICES) }, keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false });
  return { sources: answer.data?.sources, error: answer.error, searched: q };
}

/**
 * A source chosen by id (the UTM rule form): a search box the server answers as one types, and a
 * select of its matches (an empty option first; the chosen source stays offered while other texts are searched).
 */
export function SourcePicker({
  id,
  value,
  onChange,
  onBlur,
  emptyLabel,
  findLabel,
  describedBy,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (id: string) => void;
  onBlur?: (event: React.FocusEvent) => void;
  emptyLabel: MessageId;
  findLabel: MessageId;
  describedBy?: string;
  invalid?: boolean;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const { sources } = useSourceChoices(text);
  const [chosen, setChosen] = useState<Pick<Source, 'id' | 'name'> | null>(null);
  const offered = [...(chosen && chosen.id === value && !sources?.some((source) => source.id === value) ? [chosen] : []), ...(sources ?? [])];
  return (
    <div className="source-picker">
      <SearchBox value={text} onChange={setText} label={findLabel} className="source-picker-search" />
      <select
        id={id}
        name="source"
        className="select"
        value={value}
        onChange={(event) => {
          setChosen(offered.find((source) => source.id === event.target.value) ?? null);
          onChange(event.target.value);
        }}
        onBlur={onBlur}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{t(emptyLabel)}</option>
        {offered.map((source) => (
          <option key={source.id} value={source.id}>
            {source.name}
          </option>
        ))}
      </select>
    </div>
  );
}
