// Thousands of random malformed requests to every route: each answer is a JSON envelope with a
// code on errors, never a 5xx or a dropped connection; afterwards the conformance cases still
// pass against the same server.
import fc from 'fast-check';
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { ROUTES } from '../../src/reference/routes.js';
import { registerOf, sessionFor, WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import { executeSpecs } from '../../src/runner/execute.js';
import { loadSuite } from '../../src/engine/load/load.js';

const REQUESTS = 2500;

const segment = fc.oneof(fc.nat({ max: 40 }).map(String), fc.constantFrom('0', '-1', '99999999999999999999', 'abc', '%00', '%E0%A4%A', '..', ''));
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.constantFrom('true', 'false', 'null', '[', '{"new":', '[1,"a"]', '{"new":{"direct_members":"x"}}', '-1', '1e309', 'x'.repeat(5000)),
  fc.integer().map(String),
  fc.json({ maxDepth: 2 }),
);
const knownNames = (route: string) => {
  const names = ROUTES.find((r) => r.path === route)?.params ?? [];
  return names.length ? [...names] : ['unknown_param'];
};
const params = (route: string) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...knownNames(route)), fc.string({ minLength: 1, maxLength: 12 })), value, { maxKeys: 5 });
const request = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
    route: fc.constantFrom(...ROUTES.map((r) => r.path)),
    id: segment,
    auth: fc.constantFrom('member', 'guest', 'none', 'bad', 'garbage'),
    body: fc.constantFrom('form', 'query', 'json', 'garbage-multipart'),
  })
  .chain((r) => params(r.route).map((p) => ({ ...r, params: p })));

describe('the reference server under random malformed requests', () => {
  it(
    `answers ${REQUESTS} of them with JSON envelopes, never a 5xx, and still passes the suite`,
    async () => {
      const server = await startReferenceServer();
      const pool = new Pool(server.url, { connections: 8 });
      const basic = (role: 'member' | 'guest') => `Basic ${Buffer.from(`${server.accounts[role].email}:${server.accounts[role].apiKey}`).toString('base64')}`;
      try {
        const samples = fc.sample(request, { numRuns: REQUESTS, seed: 20261121 });
        const problems: string[] = [];
        await Promise.all(
          Array.from({ length: 8 }, async (_, lane) => {
            for (let i = lane; i < samples.length; i += 8) {
              const r = samples[i];
              const encoded = new URLSearchParams(Object.entries(r.params).map(([k, v]) => [k, String(v)])).toString();
              const headers: Record<string, string> = {};
              if (r.auth === 'member' || r.auth === 'guest') headers.authorization = basic(r.auth);
              if (r.auth === 'bad') headers.authorization = `Basic ${Buffer.from(`${server.accounts.member.email}:nope`).toString('base64')}`;
              if (r.auth === 'garbage') headers.authorization = 'Basic %%%';
              let body: string | undefined;
              if (r.method !== 'GET' && r.body === 'form') {
                headers['content-type'] = 'application/x-www-form-urlencoded';
                body = encoded;
              }
              if (r.method !== 'GET' && r.body === 'json') {
                headers['content-type'] = 'application/json';
                body = JSON.stringify(r.params);
              }
              if (r.method !== 'GET' && r.body === 'garbage-multipart') {
                headers['content-type'] = 'multipart/form-data; boundary=zz';
                body = `--zz\r\n${encoded}`;
              }
              const query = r.body === 'query' || r.method === 'GET' ? `?${encoded}` : '';
              const url = `/api/v1${r.route.replace(/\{[^}]+\}/g, r.id)}${query}`;
              try {
                const res = await pool.request({ path: url, method: r.method, headers, body });
                const text = await res.body.text();
                const json = JSON.parse(text) as Record<string, unknown>;
                if (res.statusCode >= 500) problems.push(`${r.method} ${url}: HTTP ${res.statusCode} ${text.slice(0, 120)}`);
                else if (typeof json.msg !== 'string' || (json.result === 'error' && typeof json.code !== 'string'))
                  problems.push(`${r.method} ${url}: not an envelope: ${text.slice(0, 120)}`);
              } catch (error) {
                problems.push(`${r.method} ${url}: ${(error as Error).message}`);
              }
            }
          }),
        );
        expect(problems.slice(0, 10)).toEqual([]);

        const session = sessionFor(server, {}, server.url, await registerOf(server));
        try {
          const results = await executeSpecs(session, loadSuite().specs);
          expect(results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
        } finally {
          await session.close();
        }
      } finally {
        await pool.close();
        await server.close();
      }
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});
