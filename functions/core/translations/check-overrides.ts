import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import {
  TRANSLATION_LOCALES,
  translationErrorField,
  type MessageTexts,
  type TranslationLocale,
} from '../../../shared/domain/translations';
import { TRANSLATION_MESSAGE_MAX_LENGTH } from '../../../shared/schemas/translations';

/**
 * Pure checks of translation overrides against the bundled catalogues. An override must name a
 * bundled id, be a non-empty string, parse as ICU MessageFormat (the same parser, with the same
 * options, as the web build) and use exactly the placeholders (and plural/select arguments, and
 * rich-text tags) of the bundled ENGLISH message: the code passes values by those names, so a
 * missing or extra one would show raw braces, crash the formatter or, for a tag, ask for markup
 * the page never renders. Texts equal to the bundle are not overrides (dropped, not stored).
 */

export type Bundles = Readonly<Record<TranslationLocale, Readonly<MessageTexts>>>;

/** Why one message is refused: message ids of the catalogues (`validation.translations.*`). */
export type OverrideProblem =
  | 'validation.translations.notObject'
  | 'validation.translations.notString'
  | 'validation.translations.unknownId'
  | 'validation.translations.empty'
  | 'validation.translations.tooLong'
  | 'validation.translations.markup'
  | 'validation.translations.syntax'
  | 'validation.translations.placeholders';

export interface CheckedOverrides {
  /** Per language, only the texts that differ from that language's bundle. */
  overrides: Record<TranslationLocale, MessageTexts>;
  /** `<locale>.<id>` (or `<locale>`) -> problem; empty when everything is acceptable. */
  errors: Record<string, OverrideProblem>;
}

/** Placeholders of a message: `name` for values, `name:plural` / `name:select`, `<tag>` for rich-text tags. */
export function placeholdersOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        found.add(element.value);
        break;
      case TYPE.plural:
      case TYPE.select:
        found.add(`${element.value}:${element.type === TYPE.plural ? 'plural' : 'select'}`);
        for (const option of Object.values(element.options)) placeholdersOf(option.value, found);
        break;
      case TYPE.tag:
        found.add(`<${element.value}>`);
        placeholdersOf(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));

const referenceCache = new Map<string, Set<string>>();
function referencePlaceholders(english: string): Set<string> {
  let found = referenceCache.get(english);
  // Stryker disable next-line ConditionalExpression: a cache: parsing the English text again gives the same set
  if (!found) referenceCache.set(english, (found = placeholdersOf(parse(english))));
  return found;
}

/**
 * An HTML-like tag: `<` (or `</`) right before a letter, as in `<b>`, `</b>`, `<br/>`, `<script`,
 * `<img src=x ...` (a `<` before a space or a digit, as in `a < b` or `<3`, is text). The page
 * shows messages as text, so markup never works; said as such rather than as the syntax or
 * placeholder problem the ICU parser would report for it.
 */
const TAG_START = /<\/?([A-Za-z][\w-]*)/g;

/** True when the text has a tag that is not one of the English message's own rich-text tags. */
function hasMarkup(text: string, reference: Set<string>): boolean {
  for (const match of text.matchAll(TAG_START)) if (!reference.has(`<${match[1]}>`)) return true;
  return false;
}

/** The problem of one override text, or null when it may be stored. */
export function problemOf(id: string, text: unknown, bundles: Bundles): OverrideProblem | null {
  if (!Object.hasOwn(bundles.en, id)) return 'validation.translations.unknownId';
  if (typeof text !== 'string') return 'validation.translations.notString';
  if (!text.trim()) return 'validation.translations.empty';
  if (text.length > TRANSLATION_MESSAGE_MAX_LENGTH) return 'validation.translations.tooLong';
  if (hasMarkup(text, referencePlaceholders(bundles.en[id]!))) return 'validation.translations.markup';
  let elements: MessageFormatElement[];
  try {
    elements = parse(text);
  } catch {
    return 'validation.translations.syntax';
  }
  return sameSet(placeholdersOf(elements), referencePlaceholders(bundles.en[id]!)) ? null : 'validation.translations.placeholders';
}

/** Checks the three submitted catalogues and keeps only the real differences from the bundles. */
export function checkOverrides(input: Record<TranslationLocale, unknown>, bundles: Bundles): CheckedOverrides {
  const overrides: Record<TranslationLocale, MessageTexts> = { en: {}, fr: {}, ru: {} };
  const errors: Record<string, OverrideProblem> = {};
  for (const locale of TRANSLATION_LOCALES) {
    const catalogue = input[locale];
    if (typeof catalogue !== 'object' || catalogue === null || Array.isArray(catalogue)) {
      errors[locale] = 'validation.translations.notObject';
      continue;
    }
    for (const [id, text] of Object.entries(catalogue)) {
      if (Object.hasOwn(bundles[locale], id) && text === bundles[locale][id]) continue; // the bundle's own text
      const problem = problemOf(id, text, bundles);
      if (problem) errors[translationErrorField(locale, id)] = problem;
      else {
        Object.defineProperty(overrides[locale], id, {
          value: text,
          enumerable: true,
          // Stryker disable next-line BooleanLiteral: nothing writes or deletes an override once checked
          writable: true,
          // Stryker disable next-line BooleanLiteral: as above
          configurable: true,
        });
      }
    }
  }
  return { overrides, errors };
}

/** Stored overrides still valid against the bundle of this deployment (a release may change a message's placeholders). */
export function usableOverrides(stored: MessageTexts, bundles: Bundles): MessageTexts {
  const usable: MessageTexts = {};
  for (const [id, text] of Object.entries(stored)) {
    if (problemOf(id, text, bundles) === null) usable[id] = text;
  }
  return usable;
}

/** One readable English sentence for the 400's `message` (the page shows the per-field details). */
export function describeProblems(errors: Record<string, OverrideProblem>): string {
  const reasons: Record<OverrideProblem, string> = {
    'validation.translations.notObject': 'is not a JSON object of message id -> text',
    'validation.translations.notString': 'is not a string',
    'validation.translations.unknownId': 'is not a message id of the portal',
    'validation.translations.empty': 'is empty',
    'validation.translations.tooLong': `is longer than ${TRANSLATION_MESSAGE_MAX_LENGTH} characters`,
    'validation.translations.markup': 'contains markup (HTML tags), which is not allowed',
    'validation.translations.syntax': 'is not valid ICU MessageFormat',
    'validation.translations.placeholders': 'does not use the same placeholders as the English message',
  };
  const entries = Object.entries(errors);
  const shown = entries.slice(0, 5).map(([field, problem]) => `${field} ${reasons[problem]}`);
  const more = entries.length > shown.length ? ` (and ${entries.length - shown.length} more)` : '';
  return `Nothing was saved: ${shown.join('; ')}${more}`;
}
