// A tiny client for the reference-server tests: one call, JSON answer, Basic auth.
import { FormData, request } from 'undici';
import { afterAll, beforeAll, expect } from 'vitest';
import { startReferenceServer, type ReferenceAccount, type ReferenceServer } from '../../src/reference/server.js';

export interface CallOptions {
  as?: Pick<ReferenceAccount, 'email' | 'apiKey'>;
  authorization?: string;
  query?: Record<string, string>;
  form?: Record<string, string>;
  multipart?: Record<string, string>;
  /** File parts of a multipart body: field -> file name and bytes. */
  files?: Record<string, { name: string; data: Buffer }>;
  rawBody?: string | Buffer;
  contentType?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any; // parsed JSON, inspected freely by the tests
}

export function basic(email: string, key: string): string {
  return `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
}

function encodeBody(opts: CallOptions): { body?: string | Buffer | FormData; contentType?: string } {
  if (opts.form) return { body: new URLSearchParams(opts.form).toString(), contentType: 'application/x-www-form-urlencoded' };
  if (opts.multipart || opts.files) {
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.multipart ?? {})) form.append(k, v);
    for (const [k, f] of Object.entries(opts.files ?? {})) form.append(k, new Blob([new Uint8Array(f.data)]), f.name);
    return { body: form };
  }
  return { body: opts.rawBody, contentType: opts.contentType };
}

export async function call(server: ReferenceServer, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const query = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
  const { body, contentType } = encodeBody(opts);
  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  if (opts.as) headers.authorization = basic(opts.as.email, opts.as.apiKey);
  if (opts.authorization !== undefined) headers.authorization = opts.authorization;
  const res = await request(`${server.url}/api/v1${path}${query}`, {
    method: method as 'GET',
    headers,
    body,
  });
  const text = await res.body.text();
  expect(res.headers['content-type']).toBe('application/json');
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(text) };
}

/**
 * Starts a server before the file's tests and closes it after them. Its new channels get no
 * creation notice, so a test counts only the messages it sends (channels.test.ts shows the notice).
 */
export function useServer(quirks: string[] = []): () => ReferenceServer {
  let server: ReferenceServer | undefined;
  beforeAll(async () => {
    server = await startReferenceServer({ quirks, channelNotices: false });
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

export function expectError(answer: Answer, status: number, code: string, msg?: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body.result).toBe('error');
  expect(answer.body.code).toBe(code);
  if (msg !== undefined) expect(answer.body.msg).toBe(msg);
  expect(answer.body.ignored_parameters_unsupported).toBeUndefined();
}

export function expectSuccess(answer: Answer): void {
  expect(answer.body).toMatchObject({ result: 'success', msg: '' });
  expect(answer.status).toBe(200);
}
