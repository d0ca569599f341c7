// A file whose cases need old things (fixturesAge): its fixtures are made at once, beside other
// files' cases even when the file is exclusive, and the cases wait for them to age holding no
// slot and no lock; the reference server with its shortcuts ages the messages instead.
import { describe, expect, it } from 'vitest';
import { executeCase } from '../../src/runner/execute.js';
import type { Case, SpecFile } from '../../src/engine/load/types.js';
import { withSession } from '../support/run-suite.js';
import type { Rewrite } from '../support/rewriting-proxy.js';

const sent = (id: string): Case => ({
  id,
  title: id,
  clauses: ['x'],
  steps: [{ request: { method: 'GET', path: '/users/me' }, expect: { result: 'success' } }],
});
const aged = (seconds: number): SpecFile => ({
  file: 'specs/aged.yaml',
  operation: 'GET /users/me',
  title: 'aged',
  exclusive: 'organisation',
  fixturesAge: seconds,
  cases: [sent('old1'), sent('old2')],
  fixtures: [
    { request: { method: 'POST', path: '/messages', params: { type: 'stream', to: 'general', topic: 'aging', content: 'then' } }, capture: { m: 'id' } },
  ],
});
const other: SpecFile = { file: 'specs/b.yaml', operation: 'GET /users/me', title: 'b', cases: [sent('b1')] };

describe('fixtures that must age', () => {
  it('without shortcuts the cases wait out the age holding no slot, while other files run, and start after it', async () => {
    const ended: Record<string, number> = {};
    await withSession({ shortcuts: false, concurrency: 1 }, async (session) => {
      const started = performance.now();
      const run = (spec: SpecFile, c: Case) =>
        executeCase(session, spec, c).then((r) => {
          ended[c.id] = performance.now() - started;
          return r.status;
        });
      const spec = aged(1);
      const statuses = await Promise.all([run(spec, spec.cases[0]), run(spec, spec.cases[1]), run(other, other.cases[0])]);
      expect(statuses).toEqual(['passed', 'passed', 'passed']);
    });
    expect(ended.b1).toBeLessThan(500);
    expect(ended.old1).toBeGreaterThanOrEqual(1000);
    expect(ended.old2).toBeGreaterThanOrEqual(1000);
  });

  it('with them the reference server ages every message instead, and nobody waits', async () => {
    await withSession({}, async (session) => {
      const spec = aged(3600);
      const started = performance.now();
      const result = await executeCase(session, spec, spec.cases[0]);
      expect(result.status).toBe('passed');
      expect(performance.now() - started).toBeLessThan(3000);
      const vars = await session.fixtureVars(spec);
      const read = await session.ctx.client.send({
        method: 'GET',
        path: `/messages/${String(vars.m)}`,
        auth: { ...session.settings.accounts.member!, role: 'member' },
      });
      const { timestamp } = (read.response!.json as { message: { timestamp: number } }).message;
      expect(Date.now() / 1000 - timestamp).toBeGreaterThan(3600);
    });
  });

  it('a target that will not age them errors the cases, naming why', async () => {
    const refuse: Rewrite = {
      answer: (req, a) => {
        if (req.path === '/reference/age_messages') Object.assign(a, { status: 404, json: { result: 'error', msg: 'no', code: 'BAD_REQUEST' } });
      },
    };
    await withSession({ rewrite: refuse }, async (session) => {
      const spec = aged(5);
      const result = await executeCase(session, spec, spec.cases[0]);
      expect(result).toMatchObject({ status: 'errored', message: 'GET /users/me: could not judge: the reference server did not age the messages (HTTP 404)' });
    });
  });
});
