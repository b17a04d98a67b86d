import { ValidationError, type Schema } from 'yup';

/**
 * What a schema says of a body: each refused field's path with its first message id ({} when the
 * body is valid), every field at once (abortEarly: false), as the handlers answer it in `errors`
 * (functions/pipeline/handler.ts keeps a field's first message too). A refusal of the object as a
 * whole has the path ''.
 */
export function errorsOf(schema: Schema, body: unknown): Record<string, string> {
  try {
    schema.validateSync(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const items = error.inner.length > 0 ? error.inner : [error];
    const errors: Record<string, string> = {};
    for (const item of items) errors[item.path ?? ''] ??= item.message;
    return errors;
  }
}
