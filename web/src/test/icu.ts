import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** Names of the ICU arguments of a message (including nested plural/select branches), sorted: catalogue tests compare languages with it. */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if ('value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element) Object.values(element.options).forEach((option) => walk(option.value));
      if ('children' in element) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}
