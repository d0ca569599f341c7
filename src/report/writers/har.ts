// --har F: every request and answer of the run as HTTP Archive 1.2. Cases run in vitest worker
// threads, so each worker appends its entries (already redacted) to a JSONL file of its own, and
// the CLI assembles the archive after the run.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Exchange } from '../../http/client.js';
import type { Redactor } from '../../http/redact.js';

type NameValue = { name: string; value: string };
/** A postData param: a form field, or a multipart part (with fileName and contentType for a file). */
type Param = NameValue & { fileName?: string; contentType?: string };

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; params: Param[]; text: string; _encoding?: 'base64' };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: NameValue[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** The account that sent it (custom field, allowed by HAR 1.2 with a leading underscore). */
  _role: string | null;
  /** Why no answer came (timeout, connection reset...). */
  _error?: string;
  /** The case (or property) and its step (1 for the first; a property's requests in the order sent); fixtures and cleanups carry none. */
  _caseId?: string;
  _step?: number;
}

const pairs = (record: Record<string, string>): NameValue[] => Object.entries(record).map(([name, value]) => ({ name, value }));
const formPairs = (text: string): NameValue[] => [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));

export function harEntry(exchange: Exchange, startedAt: Date, redactor: Redactor): HarEntry {
  const { request, response } = exchange;
  const url = new URL(request.url);
  const time = Math.round(exchange.durationMs * 1000) / 1000;
  const text = response?.text ?? '';
  const entry: HarEntry = {
    startedDateTime: startedAt.toISOString(),
    time,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(request.headers ?? {}),
      queryString: formPairs(url.search),
      ...(request.body !== null ? { postData: postData(request, request.body) } : {}),
      headersSize: -1,
      bodySize: request.body === null ? 0 : Buffer.byteLength(request.body, request.bodyEncoding ?? 'utf8'),
    },
    response: {
      status: response?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(response?.headers ?? {}),
      content: { size: Buffer.byteLength(text), mimeType: response?.headers['content-type'] ?? 'x-unknown', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: response ? Buffer.byteLength(text) : -1,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    _role: request.role,
    ...(exchange.error ? { _error: `${exchange.error.kind}: ${exchange.error.message}` } : {}),
    ...(request.trace ? { _caseId: request.trace.caseId, _step: request.trace.step } : {}),
  };
  return redactor.value(entry);
}

/** The body as sent, with its mime type: a form's fields, or a multipart body's parts. */
function postData(request: Exchange['request'], body: string): NonNullable<HarEntry['request']['postData']> {
  const mimeType = request.headers?.['content-type'] ?? 'application/octet-stream';
  const params = request.form ?? (mimeType.startsWith('application/x-www-form-urlencoded') ? formPairs(body) : []);
  return { mimeType, params, text: body, ...(request.bodyEncoding ? { _encoding: request.bodyEncoding } : {}) };
}

/** The recorder a worker's Session gives its client: one JSONL file per worker thread. */
export function harRecorder(dir: string, redactor: Redactor): (exchange: Exchange, startedAt: Date) => void {
  const file = join(dir, `${process.pid}-${threadId}.jsonl`);
  mkdirSync(dir, { recursive: true });
  return (exchange, startedAt) => appendFileSync(file, `${JSON.stringify(harEntry(exchange, startedAt, redactor))}\n`);
}

export function assembleHar(dir: string, out: string, creator: { name: string; version: string }): number {
  const entries: HarEntry[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    // No worker recorded anything (no case ran).
  }
  for (const name of names) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) if (line) entries.push(JSON.parse(line) as HarEntry);
  }
  entries.sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ log: { version: '1.2', creator, entries } }, null, 1)}\n`);
  return entries.length;
}
