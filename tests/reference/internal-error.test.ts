// A bug in a handler must show as a 500 JSON envelope, and the server must keep serving.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener } from '../../src/reference/core/http.js';
import { parseQuirks } from '../../src/reference/quirks.js';
import type { Route } from '../../src/reference/core/router.js';
import { createSeededRealm } from '../../src/reference/seed.js';

const routes: Route[] = [
  {
    method: 'GET',
    path: '/boom',
    params: [],
    public: true,
    handle: () => {
      throw new TypeError('broken on purpose');
    },
  },
  { method: 'GET', path: '/sneaky', params: [], public: true, handle: (ctx) => ({ value: ctx.params.optString('undeclared') }) },
  { method: 'GET', path: '/fine', params: [], public: true, handle: () => ({ ok: true }) },
];

describe('reference server: internal errors', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(createRequestListener({ realm: createSeededRealm(), quirks: parseQuirks(), routes }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = async (path: string) => {
    const res = await request(url + path);
    return { status: res.statusCode, body: JSON.parse(await res.body.text()) };
  };

  it('an exception becomes 500 INTERNAL_ERROR', async () => {
    const answer = await get('/boom');
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ result: 'error', code: 'INTERNAL_ERROR' });
    expect(answer.body.msg).toContain('broken on purpose');
  });

  it('reading an undeclared parameter is a bug too', async () => {
    expect((await get('/sneaky')).status).toBe(500);
  });

  it('the server keeps running', async () => {
    expect(await get('/fine')).toEqual({ status: 200, body: { result: 'success', msg: '', ok: true } });
  });
});
