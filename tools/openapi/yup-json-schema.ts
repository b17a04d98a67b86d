/**
 * A request schema (yup) as JSON Schema, from `schema.describe()`: only the constructs
 * shared/schemas uses. Checks JSON Schema cannot say (the custom `.test(...)`s: line-text,
 * free-text, a rule's meaning...) are listed by name under `x-checks`, so a reader knows the
 * server refuses more than the schema shows. A construct this converter does not know throws:
 * the generator must not describe a body more loosely than the server checks it without saying so.
 * A field's `.meta({ jsonSchema })` adds what only its custom test knows (a mixed() that must be a number).
 *
 * Written here rather than taken from @sodaru/yup-to-json-schema: the body must be described as
 * the server checks it (a required string is non-empty, a default makes a field optional, `/i`
 * patterns, named custom checks), and this is ~100 lines over yup's documented describe() shape.
 */
import type { AnySchema } from 'yup';

export type JsonSchema = { [key: string]: unknown };

interface Test {
  readonly name?: string;
  readonly params?: Record<string, unknown>;
}
interface Description {
  readonly type: string;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly default?: unknown;
  readonly oneOf: readonly unknown[];
  readonly tests: readonly Test[];
  readonly fields?: Record<string, Description>;
  readonly innerType?: Description;
  readonly meta?: { readonly jsonSchema?: JsonSchema };
}

/** Tests the JSON Schema below says itself (`trim` and `integer` are transforms or a type). */
const EXPRESSED = new Set(['required', 'defined', 'min', 'max', 'matches', 'email', 'integer', 'trim', 'nonNullable', 'optionality']);

export function yupToJsonSchema(schema: AnySchema): JsonSchema {
  return convert(schema.describe() as unknown as Description, schema, []);
}

/** What describe() leaves out of a schema: its tests' options (yup keeps them on each test function). */
interface SchemaTests {
  tests?: readonly { OPTIONS?: { name?: string; test?: (value: unknown) => unknown } }[];
  fields?: Record<string, unknown>;
  innerType?: unknown;
}

/**
 * True when the string's `matches` lets '' through (`excludeEmptyString`: an optional field sent
 * empty): describe() does not say so, the test itself does.
 */
const matchesPassesEmpty = (schema: unknown): boolean =>
  (schema as SchemaTests | undefined)?.tests?.find((t) => t.OPTIONS?.name === 'matches')?.OPTIONS?.test?.('') === true;

function convert(d: Description, schema: unknown, path: readonly string[]): JsonSchema {
  const own = schema as SchemaTests | undefined;
  const out: JsonSchema = {};
  const param = (name: string, key: string): unknown => d.tests.find((t) => t.name === name)?.params?.[key];
  const min = param('min', 'min');
  const max = param('max', 'max');
  switch (d.type) {
    case 'string': {
      out.type = 'string';
      // yup's string().required() refuses '' too.
      const required = d.tests.some((t) => t.name === 'required');
      if (typeof min === 'number' || required) out.minLength = Math.max(typeof min === 'number' ? min : 0, required ? 1 : 0);
      if (typeof max === 'number') out.maxLength = max;
      const regex = param('matches', 'regex');
      if (regex instanceof RegExp) out.pattern = matchesPassesEmpty(schema) && !regex.test('') ? `^$|${ecmaPattern(regex)}` : ecmaPattern(regex);
      if (d.tests.some((t) => t.name === 'email')) out.format = 'email';
      break;
    }
    case 'number':
      out.type = d.tests.some((t) => t.name === 'integer') ? 'integer' : 'number';
      if (typeof min === 'number') out.minimum = min;
      if (typeof max === 'number') out.maximum = max;
      break;
    case 'boolean':
      out.type = 'boolean';
      break;
    case 'mixed':
      // mixed() says nothing about its type; oneOf (below) says its values when it has some.
      break;
    case 'array':
      out.type = 'array';
      if (typeof min === 'number') out.minItems = min;
      if (typeof max === 'number') out.maxItems = max;
      if (d.innerType) out.items = convert(d.innerType, own?.innerType, [...path, '[]']);
      break;
    case 'object': {
      out.type = 'object';
      const fields = Object.entries(d.fields ?? {});
      out.properties = Object.fromEntries(fields.map(([name, field]) => [name, convert(field, own?.fields?.[name], [...path, name])]));
      const required = fields.filter(([, field]) => isRequired(field)).map(([name]) => name);
      if (required.length) out.required = required;
      break;
    }
    default:
      throw new Error(`yup type "${d.type}" at ${path.join('.') || '(body)'} has no JSON Schema conversion: add it to tools/openapi/yup-json-schema.ts`);
  }
  const values = d.oneOf.filter((v) => v !== undefined);
  if (values.some((v) => typeof v === 'object' && v !== null)) {
    throw new Error(`oneOf with references at ${path.join('.')} has no JSON Schema conversion`);
  }
  if (values.length) out.enum = d.nullable ? [...values, null] : values;
  if (d.nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  // An object's default is its fields' defaults, said on each field already.
  if (d.default !== undefined && d.type !== 'object' && d.type !== 'array') out.default = d.default;
  const checks = d.tests.map((t) => t.name).filter((name): name is string => !!name && !EXPRESSED.has(name));
  if (checks.length) out['x-checks'] = checks;
  // A mixed() whose type only a custom test knows says it with `.meta({ jsonSchema: {...} })`.
  return { ...out, ...d.meta?.jsonSchema };
}

/** A field the body must carry: yup requires it (required/defined) and has no default to fill in. */
const isRequired = (d: Description): boolean => !d.optional && d.default === undefined;

/**
 * JSON Schema patterns are ECMA-262 without flags: a case-insensitive regex (`/i`) is rewritten
 * with both cases of each letter (`a-f` in a class gains `A-F`, a letter outside becomes `[aA]`).
 */
export function ecmaPattern(regex: RegExp): string {
  const unknownFlags = regex.flags.replace(/[iu]/g, '');
  if (unknownFlags) throw new Error(`regex flags "${unknownFlags}" of ${regex} have no JSON Schema pattern`);
  if (!regex.flags.includes('i')) return regex.source;
  const src = regex.source;
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      out += c + (src[i + 1] ?? '');
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      const range = /^([a-zA-Z])-([a-zA-Z])/.exec(src.slice(i));
      if (range) {
        const [, from, to] = range as unknown as [string, string, string];
        out += `${from}-${to}${swapCase(from)}-${swapCase(to)}`;
        i += 2;
      } else out += /[a-zA-Z]/.test(c) && c !== swapCase(c) ? c + swapCase(c) : c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      if (src[i + 1] === '^') throw new Error(`negated class in case-insensitive ${regex} is not converted`);
    } else out += /[a-zA-Z]/.test(c) ? `[${c}${swapCase(c)}]` : c;
  }
  return out;
}

const swapCase = (c: string): string => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
