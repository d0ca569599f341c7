// --har F: every request and answer of the run as HTTP Archive 1.2. Cases run in vitest worker
// threads, so each worker appends its entries (already redacted) to a JSONL file of its own, and
// the CLI assembles the archive after the run.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Exchange } from '../http/client.js';
import type { Redactor } from '../http/redact.js';

type NameValue = { name: string; value: string };

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string; url: string; httpVersion: string; cookies: []; headers: NameValue[]; queryString: NameValue[];
    postData?: { mimeType: string; params: NameValue[]; text: string }; headersSize: -1; bodySize: number;
  };
  response: {
    status: number; statusText: string; httpVersion: string; cookies: []; headers: NameValue[];
    content: { size: number; mimeType: string; text: string }; redirectURL: string; headersSize: -1; bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** The account that sent it (custom field, allowed by HAR 1.2 with a leading underscore). */
  _role: string | null;
  /** Why no answer came (timeout, connection reset...). */
  _error?: string;
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
      method: request.method, url: request.url, httpVersion: 'HTTP/1.1', cookies: [], headers: pairs(request.headers ?? {}),
      queryString: formPairs(url.search),
      ...(request.body !== null ? { postData: { mimeType: 'application/x-www-form-urlencoded', params: formPairs(request.body), text: request.body } } : {}),
      headersSize: -1, bodySize: request.body === null ? 0 : Buffer.byteLength(request.body),
    },
    response: {
      status: response?.status ?? 0, statusText: '', httpVersion: 'HTTP/1.1', cookies: [], headers: pairs(response?.headers ?? {}),
      content: { size: Buffer.byteLength(text), mimeType: response?.headers['content-type'] ?? 'x-unknown', text },
      redirectURL: '', headersSize: -1, bodySize: response ? Buffer.byteLength(text) : -1,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    _role: request.role,
    ...(exchange.error ? { _error: `${exchange.error.kind}: ${exchange.error.message}` } : {}),
  };
  return redactor.value(entry);
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
