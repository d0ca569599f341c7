// The HTTP client: one undici keep-alive Pool per target (Pool.request is 4-6x faster than
// fetch on this stack, see STACK.md). A transport fault or a non-JSON body is returned as data
// for the judge, never thrown: a broken server must fail its case, not crash the run.
import { Pool } from 'undici';
import { encodeParams, QUERY_METHODS, type Params } from './encode.js';
import type { Account } from '../config.js';

export interface ApiRequest {
  method: string;
  /** Path relative to {base_url}/api/v1, e.g. "/users/me/status". */
  path: string;
  params?: Params;
  /** null: send no credentials. */
  auth: (Account & { role: string }) | null;
  /** Where parameters go: "auto" is the query string for GET/DELETE, else a form body. */
  encoding?: 'auto' | 'query' | 'form';
}

export type TransportErrorKind = 'timeout' | 'connection' | 'too-large' | 'protocol';

export interface Exchange {
  request: { method: string; url: string; role: string | null; body: string | null };
  response?: {
    status: number;
    headers: Record<string, string>;
    text: string;
    /** The decoded body, or undefined when the body is not JSON (see jsonError). */
    json?: unknown;
    jsonError?: string;
  };
  error?: { kind: TransportErrorKind; message: string };
  durationMs: number;
}

export interface ClientOptions {
  timeoutMs: number;
  connections?: number;
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY = 8 * 1024 * 1024;

export class ApiClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  readonly origin: string;

  constructor(baseUrl: string, private readonly options: ClientOptions) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = `${url.pathname.replace(/\/+$/, '')}/api/v1`;
    this.pool = new Pool(url.origin, {
      connections: options.connections ?? 16,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  async send(req: ApiRequest): Promise<Exchange> {
    const method = req.method.toUpperCase();
    const encoded = encodeParams(req.params ?? {});
    const inQuery = req.encoding === 'query' || (req.encoding !== 'form' && QUERY_METHODS.has(method));
    const path = `${this.basePath}${req.path}${inQuery && encoded ? `?${encoded}` : ''}`;
    const body = inQuery ? null : encoded;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== null) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (req.auth) {
      headers.authorization = `Basic ${Buffer.from(`${req.auth.email}:${req.auth.apiKey}`).toString('base64')}`;
    }
    const exchange: Exchange = {
      request: { method, url: `${this.origin}${path}`, role: req.auth?.role ?? null, body },
      durationMs: 0,
    };
    const started = performance.now();
    try {
      const res = await this.pool.request({
        path, method, headers, body: body ?? undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await readLimited(res.body, this.options.maxBodyBytes ?? DEFAULT_MAX_BODY);
      exchange.response = { status: res.statusCode, headers: flattenHeaders(res.headers), text, ...decodeJson(text) };
    } catch (error) {
      exchange.error = classify(error, this.options.timeoutMs);
    }
    exchange.durationMs = performance.now() - started;
    return exchange;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

class BodyTooLarge extends Error {}

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new BodyTooLarge(`answer body exceeds ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function decodeJson(text: string): { json?: unknown; jsonError?: string } {
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    const preview = text.length > 80 ? `${text.slice(0, 80)}...` : text;
    return { jsonError: `not JSON (${(error as Error).message}): ${JSON.stringify(preview)}` };
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function classify(error: unknown, timeoutMs: number): { kind: TransportErrorKind; message: string } {
  const err = error as Error & { code?: string; cause?: { code?: string } };
  if (err instanceof BodyTooLarge) return { kind: 'too-large', message: err.message };
  const code = err.code ?? err.cause?.code ?? '';
  if (err.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return { kind: 'timeout', message: `no complete answer within ${timeoutMs} ms` };
  }
  if (/ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED/.test(code)) {
    return { kind: 'connection', message: `${code}: ${err.message}` };
  }
  return { kind: 'protocol', message: code ? `${code}: ${err.message}` : err.message };
}
