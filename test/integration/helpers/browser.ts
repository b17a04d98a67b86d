import { HttpClient, type HttpResponse, type RequestOptions } from '../../support/http-client';

/**
 * The harness's cookie-jar client with JSON bodies typed loosely: these tests read many answer
 * shapes and assert on them, so `any` here saves a cast per assertion.
 */
export class Browser extends HttpClient {
  override get<T = any>(path: string, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>('GET', path, options);
  }

  override post<T = any>(path: string, json?: unknown, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>('POST', path, { ...options, ...(json === undefined ? {} : { json }) });
  }

  override request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpResponse<T>> {
    return super.request<T>(method, path, options);
  }

  /** A second browser holding the same cookies (e.g. a copied, "stolen" session). */
  clone(): Browser {
    const copy = new Browser(this.baseUrl);
    for (const [name, value] of Object.entries(this.cookies())) copy.setCookie(name, value);
    return copy;
  }
}

/** A BI tool calling with a company API token: `Authorization: Bearer <token>` on every request, no session. */
export class TokenClient extends Browser {
  constructor(
    baseUrl: string,
    readonly token: string,
  ) {
    super(baseUrl);
  }

  override request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpResponse<T>> {
    return super.request<T>(method, path, { ...options, headers: { authorization: `Bearer ${this.token}`, ...options?.headers } });
  }
}
