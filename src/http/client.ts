// The HTTP client: one undici keep-alive Pool per target (Pool.request is 4-6x faster than
// fetch on Node 20, measured here: docs/performance.md). A transport fault or a non-JSON body is returned as data
// for the judge, never thrown: a broken server must fail its case, not crash the run.
import { isUtf8 } from 'node:buffer';
import { createPool, poolRequest, type Pool } from './undici-pool.js';
import { encodeMultipart, encodeParams, QUERY_METHODS, type Files, type FormPart, type Params } from './encode.js';
import type { Account } from '../common/vocabulary.js';
import { RatePacer, type OutsideWaiter } from './rate-pacer.js';
import { LimitLearner, PATIENCE_MS, retryAfterMs } from './limit-learner.js';
import type { RequestMeter, RequestPurpose } from './request-cost.js';

export interface ApiRequest {
  method: string;
  /** Path relative to {base_url}/api/v1, e.g. "/users/me/status". */
  path: string;
  params?: Params;
  /** null: send no credentials. */
  auth: (Account & { role: string }) | null;
  /** Where parameters go: "auto" is the query string for GET/DELETE, else a form body. */
  encoding?: 'auto' | 'query' | 'form';
  /** Files to send: the request becomes multipart/form-data, parameters as its text fields. */
  files?: Files;
  /** Which case and step sent it, for the records (the HAR's _caseId and _step). */
  trace?: RequestTrace;
  /** Why it is sent, for the run's cost (default: a check). */
  purpose?: RequestPurpose;
  /** How it waits for a rate limit (the runner gives the case's slot back meanwhile); default the client's. */
  waitOutside?: OutsideWaiter;
}

export interface RequestTrace {
  caseId: string;
  /** 1 for the case's first step. */
  step: number;
}

export type TransportErrorKind = 'timeout' | 'connection' | 'too-large' | 'protocol';

export interface Exchange {
  request: {
    method: string;
    url: string;
    role: string | null;
    /** The body as sent: text, or base64 when it is not UTF-8 (bodyEncoding says so); null without a body. */
    body: string | null;
    bodyEncoding?: 'base64';
    /** A multipart body's parts (its mime type is the content-type header). */
    form?: FormPart[];
    headers?: Record<string, string>;
    trace?: RequestTrace;
  };
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
  /** How many 429 answers were waited out before this one. */
  rateLimitRetries?: number;
  /** A 429 answer returned as the last: waiting it out too would pass the client's patience (PATIENCE_MS). */
  rateLimitGaveUp?: { waitedMs: number; askedMs: number };
}

export interface ClientOptions {
  timeoutMs: number;
  connections?: number;
  maxBodyBytes?: number;
  /** Called with every finished exchange (the HAR recorder); credentials are still in it. */
  onExchange?: (exchange: Exchange, startedAt: Date) => void;
  /** Called just before a request goes out (the ledger notes what it may create). */
  onRequest?: (request: Exchange['request']) => void;
  /**
   * Awaited before a request is sent at all (the ledger of changes reads and notes the values it
   * is about to change); what it returns is called with the request's last exchange.
   */
  beforeSend?: (req: ApiRequest) => Promise<AfterAnswer | null> | AfterAnswer | null;
  /** Counts every request sent, and the rate limit met. */
  meter?: RequestMeter;
  /** How a request waits for the rate limit (the runner gives the case's slot back meanwhile). */
  waitOutside?: OutsideWaiter;
}

/** What the client calls with a request's last exchange (ClientOptions.beforeSend). */
export type AfterAnswer = (exchange: Exchange) => void;

const DEFAULT_MAX_BODY = 8 * 1024 * 1024;

export class ApiClient {
  private readonly pool: Pool;
  private readonly pacer: RatePacer;
  private readonly learner: LimitLearner;
  private readonly basePath: string;
  readonly origin: string;

  constructor(
    baseUrl: string,
    private readonly options: ClientOptions,
  ) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = `${url.pathname.replace(/\/+$/, '')}/api/v1`;
    this.pacer = new RatePacer(options.waitOutside);
    this.learner = new LimitLearner(options.waitOutside);
    this.pool = createPool(url.origin, {
      connections: options.connections ?? 16,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      // undici stops reading past this (and says so): the body is then read at once with text(),
      // several times cheaper than a for-await over its chunks.
      maxResponseSize: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    });
  }

  /**
   * Sends a request. An account the server limits (X-RateLimit-* headers) is paced so as not to
   * reach the limit; a 429 answer all the same is honoured: the account's requests wait what it
   * asks (Retry-After), fewer of them go at once from then on (limit-learner.ts), and the request
   * is sent again, until it has waited PATIENCE_MS in all. The exchange counts the retries; the
   * last answer is returned.
   */
  async send(req: ApiRequest): Promise<Exchange> {
    const after = await this.options.beforeSend?.(req);
    const exchange = await this.sendPaced(req);
    after?.(exchange);
    return exchange;
  }

  private async sendPaced(req: ApiRequest): Promise<Exchange> {
    const { meter } = this.options;
    // By credential: a request with a wrong key is refused before any limit counts it.
    const account = req.auth ? `${req.auth.email}\0${req.auth.apiKey}` : undefined;
    const limited = account ?? '';
    let resent = false;
    for (let retries = 0, waitedMs = 0; ;) {
      const letGo = await this.learner.before(limited, req.waitOutside);
      const ticket = account === undefined ? null : await this.pacer.before(account, req.waitOutside);
      if (ticket?.waitedMs) meter?.paced(ticket.startedAt, ticket.startedAt + ticket.waitedMs);
      const exchange = await this.sendOnce(req);
      meter?.request(req.auth?.role ?? null, exchange.request.method, req.path, req.purpose ?? 'check');
      if (ticket) this.pacer.after(account!, ticket.seq, exchange.response?.headers);
      // A read whose connection failed before any answer goes once more (RFC 9112, 9.3.1: a
      // client may retry an idempotent request): a server closes an idle keep-alive connection
      // when it chooses, and a request sent on it at that moment meets the close, not the server.
      // Twice in a row is the server's doing, and the case is judged on it.
      if (exchange.response?.status !== 429) {
        this.learner.after(limited, letGo, false);
        if (exchange.error?.kind === 'connection' && !resent && RESENT_METHODS.has(exchange.request.method)) {
          resent = true;
          continue;
        }
        if (retries) exchange.rateLimitRetries = retries;
        return exchange;
      }
      const askedMs = retryAfterMs(exchange.response.headers, exchange.response.json, retries);
      this.learner.after(limited, letGo, true, askedMs);
      if (waitedMs + askedMs > PATIENCE_MS) {
        exchange.rateLimitRetries = retries;
        exchange.rateLimitGaveUp = { waitedMs, askedMs };
        return exchange;
      }
      waitedMs += askedMs;
      meter?.rateLimited(askedMs, waitedMs);
      retries += 1;
    }
  }

  private async sendOnce(req: ApiRequest): Promise<Exchange> {
    const method = req.method.toUpperCase();
    const encoded = encodeParams(req.params ?? {});
    const inQuery = req.encoding === 'query' || (req.encoding !== 'form' && QUERY_METHODS.has(method));
    const path = `${this.basePath}${req.path}${inQuery && encoded ? `?${encoded}` : ''}`;
    const multipart = req.files ? encodeMultipart(req.params ?? {}, req.files) : null;
    const body = multipart ? Buffer.from(multipart.body.buffer, multipart.body.byteOffset, multipart.body.byteLength) : inQuery ? null : encoded;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== null) headers['content-type'] = multipart ? multipart.contentType : 'application/x-www-form-urlencoded';
    if (req.auth) {
      headers.authorization = `Basic ${Buffer.from(`${req.auth.email}:${req.auth.apiKey}`).toString('base64')}`;
    }
    const exchange: Exchange = {
      request: {
        method,
        url: `${this.origin}${path}`,
        role: req.auth?.role ?? null,
        ...recordedBody(body),
        ...(multipart ? { form: multipart.parts } : {}),
        headers,
        ...(req.trace ? { trace: req.trace } : {}),
      },
      durationMs: 0,
    };
    this.options.onRequest?.(exchange.request);
    const startedAt = new Date();
    const started = performance.now();
    try {
      const res = await poolRequest(this.pool, {
        path,
        method,
        headers,
        body: body ?? undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await res.body.text();
      exchange.response = { status: res.statusCode, headers: flattenHeaders(res.headers), text, ...decodeJson(text) };
    } catch (error) {
      exchange.error = classify(error, this.options.timeoutMs, this.options.maxBodyBytes ?? DEFAULT_MAX_BODY);
    }
    exchange.durationMs = performance.now() - started;
    this.options.onExchange?.(exchange, startedAt);
    return exchange;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

/** The body for the records: as text when it is UTF-8 (every form body is), else base64. */
function recordedBody(body: string | Buffer | null): Pick<Exchange['request'], 'body' | 'bodyEncoding'> {
  if (body === null || typeof body === 'string') return { body };
  return isUtf8(body) ? { body: body.toString('utf8') } : { body: body.toString('base64'), bodyEncoding: 'base64' };
}

/** The methods resent once after a failed connection: reads, which change nothing on the server. */
const RESENT_METHODS = new Set(['GET', 'HEAD']);
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

function classify(error: unknown, timeoutMs: number, maxBodyBytes: number): { kind: TransportErrorKind; message: string } {
  const err = error as Error & { code?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return { kind: 'too-large', message: `answer body exceeds ${maxBodyBytes} bytes` };
  if (err.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return { kind: 'timeout', message: `no complete answer within ${timeoutMs} ms` };
  }
  if (/ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED/.test(code)) {
    return { kind: 'connection', message: `${code}: ${err.message}` };
  }
  return { kind: 'protocol', message: code ? `${code}: ${err.message}` : err.message };
}
