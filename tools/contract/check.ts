/**
 * The contract check: every request and answer the integration suite exchanged with the local
 * gateway (recorded by test/support/contract-record.ts) is validated against docs/openapi.json by
 * openapi-backend (its router and its ajv validators: no validation logic of ours). What is ours
 * is only which findings count:
 * - the operation: a call the description has no operation for, unless the gateway refused it
 *   as unknown (404, 405): the tests probe such paths on purpose;
 * - the request: a request the description forbids is fine when it was refused (4xx): the tests
 *   send bad bodies on purpose; answered 2xx or 3xx, the description (or the server) is wrong.
 *   A query parameter the operation does not declare is no violation: OpenAPI does not forbid
 *   them (openapi-backend does), routes ignore them, and the lists refuse them with a 400 they declare;
 * - the status: it must be one the operation lists;
 * - the answer's body against that status's schema, and its headers (Retry-After on 429 and 503).
 *
 * `npm run -s contract -- <folder>` (test/run-all.sh, after the integration stage) prints every
 * violation (route, status, JSON pointer, message, test file) and exits 1 when there is one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAPIBackend, SetMatchType, type Document, type Operation } from 'openapi-backend';

/** One recorded call: what the test sent and what the gateway answered. */
export interface Exchange {
  /** The test file that made the call, when known. */
  test?: string;
  request: {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    /** JSON as sent, or raw text (a deliberately broken body); absent for no body. */
    body?: { json: unknown } | { text: string };
  };
  answer: { status: number; headers: Record<string, string>; text: string };
}

export interface Violation {
  /** `POST /api/security/login` (the description's path, or the called one when none matched). */
  route: string;
  status: number;
  /** Where in the answer (or the request, `request:` first) the mismatch is: a JSON pointer. */
  pointer: string;
  message: string;
  test?: string;
}

interface AjvLikeError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: unknown;
}

/** Statuses the gateway gives to calls outside the route table: not the description's business. */
const OUTSIDE = new Set([404, 405]);

const parseBody = (body: Exchange['request']['body']): unknown => {
  if (!body) return undefined;
  if ('json' in body) return body.json;
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    return body.text;
  }
};

const describeErrors = (errors: readonly AjvLikeError[] | null | undefined): string =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()).join('; ');

type Responses = Record<string, { content?: Record<string, unknown>; $ref?: string }>;

/** Loads the description once; `check` then validates any number of exchanges. */
export async function contractChecker(document: Document): Promise<(exchanges: readonly Exchange[]) => Violation[]> {
  // quick: skips openapi-backend's own check of the document, which knows OpenAPI 3.0 only (the
  // description is 3.1, checked by redocly in npm run lint and by test/unit/openapi.test.ts);
  // strict: anything else that goes wrong loading it throws rather than checking nothing.
  const api = new OpenAPIBackend({ definition: document, quick: true, strict: true });
  await api.init();
  const components = (document.components?.responses ?? {}) as Responses;
  const resolve = (response: Responses[string] | undefined) =>
    response?.$ref ? components[response.$ref.split('/').pop()!] : response;

  const checkOne = (exchange: Exchange): Violation[] => {
    const { request, answer } = exchange;
    const found: Violation[] = [];
    const at = (route: string, pointer: string, message: string) =>
      found.push({ route, status: answer.status, pointer, message, ...(exchange.test ? { test: exchange.test } : {}) });

    const req = { method: request.method, path: request.path, query: request.query, headers: request.headers, body: parseBody(request.body) };
    const operation = api.matchOperation(req) as Operation | undefined;
    if (!operation) {
      if (!OUTSIDE.has(answer.status)) at(`${request.method} ${request.path}`, '', 'no operation in the description for this call');
      return found;
    }
    const route = `${request.method} ${operation.path}`;

    const requestErrors = ((api.validateRequest(req, operation).errors ?? []) as AjvLikeError[]).filter(
      (e) => !(e.instancePath === '/query' && e.keyword === 'additionalProperties'),
    );
    if (requestErrors.length && answer.status < 400) {
      at(route, 'request:', `answered ${answer.status} to a request the description forbids: ${describeErrors(requestErrors)}`);
    }

    const response = resolve((operation.responses as Responses | undefined)?.[String(answer.status)]);
    if (!response) {
      at(route, '', `status ${answer.status} is not among the operation's answers (${Object.keys(operation.responses ?? {}).join(', ')})`);
      return found;
    }

    const isJson = (answer.headers['content-type'] ?? '').includes('json');
    if (response.content?.['application/json']) {
      let body: unknown;
      try {
        body = answer.text ? (JSON.parse(answer.text) as unknown) : undefined;
      } catch {
        at(route, '', 'the answer is not JSON');
        return found;
      }
      if (!isJson) at(route, '', `content-type "${answer.headers['content-type'] ?? ''}" where the description says application/json`);
      const result = api.validateResponse(body, operation, answer.status);
      for (const error of (result.errors ?? []) as AjvLikeError[]) at(route, error.instancePath || '/', `${error.message ?? 'invalid'} ${error.params ? JSON.stringify(error.params) : ''}`.trim());
    } else if (answer.text.trim()) {
      at(route, '', 'the answer has a body where the description has none');
    }

    // Superset: the answer carries at least the headers described (openapi-backend's default checks only those present).
    const headers = api.validateResponseHeaders(answer.headers, operation, { statusCode: answer.status, setMatchType: SetMatchType.Superset });
    for (const error of (headers.errors ?? []) as AjvLikeError[]) at(route, `headers${error.instancePath ?? ''}`, error.message ?? 'invalid header');
    return found;
  };

  return (exchanges) => exchanges.flatMap(checkOne);
}

/** Every exchange recorded in a folder (one JSON line each, any number of files). */
export function readExchanges(folder: string): Exchange[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(folder, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Exchange);
}
