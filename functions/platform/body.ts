import type { AnyObjectSchema, ISchema, Reference } from 'yup';

/**
 * The JSON body as the route's schema may see it: only the schema's own fields (as own keys of a
 * null-prototype object, so `__proto__`, `constructor` or `toString` in a body are plain unknown
 * keys, dropped), and every value already of its field's JSON type. yup's transforms (`trim`...)
 * run on the value as given and its field lookup reads inherited keys, so a wrong type or such a
 * key would otherwise throw a TypeError, a 500 instead of a 400. Lenient casts ('5' for 5) are
 * refused too: a client sends the types the contract says.
 */
export interface Sanitized {
  value: Record<string, unknown>;
  /** Field path -> message id, as in a 400 `validation` answer. */
  errors: Record<string, string>;
}

type AnySchema = ISchema<unknown> | Reference<unknown>;
interface Described {
  type?: string;
  fields?: Record<string, AnySchema>;
  innerType?: AnySchema;
}

const TYPE_MESSAGE = 'validation.invalid';

function jsonTypeMatches(type: string | undefined, value: unknown): boolean {
  switch (type) {
    case 'string':
    case 'date': // JSON has no dates: ISO strings
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true; // mixed, lazy, ref: the schema itself decides
  }
}

function clean(schema: AnySchema, value: unknown, path: string, errors: Record<string, string>): unknown {
  // null and undefined are left to the schema (required, nullable, defaults).
  if (value === null || value === undefined) return value;
  const described = schema as Described;
  if (!jsonTypeMatches(described.type, value)) {
    errors[path || 'body'] ??= TYPE_MESSAGE;
    return undefined;
  }
  if (described.type === 'object' && described.fields) {
    const out: Record<string, unknown> = Object.create(null);
    const source = value as Record<string, unknown>;
    for (const key of Object.keys(described.fields)) {
      if (!Object.hasOwn(source, key)) continue;
      out[key] = clean(described.fields[key]!, source[key], path ? `${path}.${key}` : key, errors);
    }
    return out;
  }
  if (described.type === 'array' && described.innerType) {
    return (value as unknown[]).map((item, i) => clean(described.innerType!, item, `${path}[${i}]`, errors));
  }
  return value;
}

export function sanitizeBody(schema: AnyObjectSchema, body: unknown): Sanitized {
  const errors: Record<string, string> = {};
  const value = clean(schema, body, '', errors);
  return { value: (value ?? Object.create(null)) as Record<string, unknown>, errors };
}
