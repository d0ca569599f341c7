import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/http/client.js';
import { UNDICI_SOURCE } from '../../src/http/undici-pool.js';

let server: Server;
let base: string;
const seen: { method: string; url: string; body: string; auth?: string; type?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body, auth: req.headers.authorization, type: req.headers['content-type'] });
      const path = new URL(req.url!, 'http://x').pathname;
      if (path.endsWith('/html')) return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
      if (path.endsWith('/truncated')) return res.writeHead(200).end('{"result":"succ');
      if (path.endsWith('/hang')) return; // never answers
      if (path.endsWith('/huge')) return res.writeHead(200).end(Buffer.alloc(2048, 'x'));
      if (path.endsWith('/reset')) return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success","msg":""}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

const client = () => new ApiClient(base, { timeoutMs: 300, maxBodyBytes: 1024 });
const auth = { email: 'member@x.test', apiKey: 'secret-key', role: 'member' };

describe('ApiClient', () => {
  it('sends a form body with JSON-encoded lists and Basic auth, and decodes JSON', async () => {
    const ex = await client().send({ method: 'POST', path: '/typing', params: { op: 'start', to: [1, 2], flag: true, skip: undefined }, auth });
    expect(ex.response).toMatchObject({ status: 200, json: { result: 'success', msg: '' } });
    const last = seen.at(-1)!;
    expect(last.url).toBe('/api/v1/typing');
    expect(last.type).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(last.body).get('to')).toBe('[1,2]');
    expect(new URLSearchParams(last.body).get('flag')).toBe('true');
    expect(last.auth).toBe(`Basic ${Buffer.from('member@x.test:secret-key').toString('base64')}`);
  });

  it('puts GET parameters in the query string, and can put PATCH ones there too', async () => {
    await client().send({ method: 'GET', path: '/streams', params: { include_all: true }, auth: null });
    expect(seen.at(-1)).toMatchObject({ url: '/api/v1/streams?include_all=true', body: '', auth: undefined });
    await client().send({ method: 'PATCH', path: '/settings', params: { x: 'y z' }, auth, encoding: 'query' });
    expect(seen.at(-1)!.url).toBe('/api/v1/settings?x=y+z');
  });

  it('keeps a path prefix of the base URL', async () => {
    const ex = await new ApiClient(`${base}/chat/`, { timeoutMs: 300 }).send({ method: 'GET', path: '/users/me', auth: null });
    expect(ex.request.url).toBe(`${base}/chat/api/v1/users/me`);
  });

  it('returns a non-JSON body as data to judge, not an exception', async () => {
    const ex = await client().send({ method: 'GET', path: '/html', auth: null });
    expect(ex.response!.status).toBe(502);
    expect(ex.response!.json).toBeUndefined();
    expect(ex.response!.jsonError).toMatch(/not JSON .*<html>Bad gateway/);
    const truncated = await client().send({ method: 'GET', path: '/truncated', auth: null });
    expect(truncated.response!.jsonError).toMatch(/not JSON/);
  });

  it('classifies a hang, an oversized body, a reset and a refused connection', async () => {
    expect((await client().send({ method: 'GET', path: '/hang', auth: null })).error).toMatchObject({
      kind: 'timeout',
      message: 'no complete answer within 300 ms',
    });
    expect((await client().send({ method: 'GET', path: '/huge', auth: null })).error).toMatchObject({ kind: 'too-large' });
    expect((await client().send({ method: 'GET', path: '/reset', auth: null })).error?.kind).toBe('connection');
    const closed = new ApiClient('http://127.0.0.1:9', { timeoutMs: 300 });
    expect((await closed.send({ method: 'GET', path: '/x', auth: null })).error).toMatchObject({
      kind: 'connection',
      message: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});

describe('a connection that fails before any answer', () => {
  /** A server that drops the first `drops` connections' requests, then answers; and what it was sent. */
  async function dropping(drops: number) {
    const methods: string[] = [];
    const stub = createServer((req, res) => {
      methods.push(req.method!);
      if (methods.length <= drops) return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success","msg":""}');
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    const exchanges: string[] = [];
    const api = new ApiClient(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`, {
      timeoutMs: 1000,
      onExchange: (ex) => exchanges.push(ex.error?.kind ?? String(ex.response?.status)),
    });
    const stop = () => {
      stub.closeAllConnections();
      stub.close();
    };
    return { api, methods, exchanges, stop };
  }

  it('is sent once more for a read: a server closing an idle keep-alive connection is not a failure', async () => {
    const { api, methods, exchanges, stop } = await dropping(1);
    const ex = await api.send({ method: 'GET', path: '/streams', auth: null });
    stop();
    expect(ex.response?.status).toBe(200);
    expect(methods).toEqual(['GET', 'GET']);
    expect(exchanges).toEqual(['connection', '200']);
  });

  it('fails a read that fails twice, and is never sent again for a change', async () => {
    const twice = await dropping(2);
    expect((await twice.api.send({ method: 'GET', path: '/streams', auth: null })).error?.kind).toBe('connection');
    twice.stop();
    expect(twice.methods).toEqual(['GET', 'GET']);
    const once = await dropping(1);
    expect((await once.api.send({ method: 'POST', path: '/messages', auth: null })).error?.kind).toBe('connection');
    once.stop();
    expect(once.methods).toEqual(['POST']);
  });
});

describe('undici', () => {
  it('is loaded as its Pool alone, not its whole index (if this fails, undici moved its files: the client falls back to the index, slower to load)', () => {
    expect(UNDICI_SOURCE).toBe('pool only');
  });
});

describe('rate limits', () => {
  it('waits out a 429 (Retry-After, or the body field) and sends the request again', async () => {
    let calls = 0;
    const stub = createServer((req, res) => {
      calls += 1;
      if (calls === 1)
        return res
          .writeHead(429, { 'retry-after': '0.05', 'content-type': 'application/json' })
          .end('{"result":"error","msg":"Slow down","code":"RATE_LIMIT_HIT"}');
      if (calls === 2)
        return res
          .writeHead(429, { 'content-type': 'application/json' })
          .end('{"result":"error","msg":"Slow down","code":"RATE_LIMIT_HIT","retry-after":0.05}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success","msg":""}');
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    const started = Date.now();
    const ex = await new ApiClient(url, { timeoutMs: 1000 }).send({ method: 'GET', path: '/streams', auth: null });
    expect(ex.response!.status).toBe(200);
    expect(ex.rateLimitRetries).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    stub.closeAllConnections();
    stub.close();
  });
});
