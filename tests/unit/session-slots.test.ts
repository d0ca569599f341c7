// A case that waits for its file's fixtures, made by another case, gives its slot back
// meanwhile: another file's case runs in it instead of the run standing still.
import { describe, expect, it } from 'vitest';
import { executeCase } from '../../src/runner/execute.js';
import type { Case, SpecFile } from '../../src/engine/load/types.js';
import { withSession } from '../support/run-suite.js';

const quickCase = (id: string): Case => ({
  id,
  title: id,
  clauses: ['x'],
  steps: [{ request: { method: 'GET', path: '/users/me' }, expect: { result: 'success' } }],
});
// The fixture's one request is held back 400 ms by the proxy (the `slow` parameter marks it).
const slowFixture: SpecFile = {
  file: 'specs/a.yaml',
  operation: 'GET /users/me',
  title: 'a',
  cases: [quickCase('a1'), quickCase('a2')],
  fixtures: [{ request: { method: 'GET', path: '/users/me', params: { slow: 1 } }, expect: { result: 'success' } }],
};
const other: SpecFile = { file: 'specs/b.yaml', operation: 'GET /users/me', title: 'b', cases: [quickCase('b1')] };

describe('slots while fixtures are made', () => {
  it('a second case of the file waits outside its slot; another file runs meanwhile', async () => {
    const ended: Record<string, number> = {};
    const rewrite = {
      answer: (req: { query: URLSearchParams }, a: { delayMs?: number }) => {
        if (req.query.get('slow')) a.delayMs = 400;
      },
    };
    await withSession({ rewrite, concurrency: 2 }, async (session) => {
      const started = performance.now();
      const run = (spec: SpecFile, c: Case) =>
        executeCase(session, spec, c).then((r) => {
          ended[c.id] = performance.now() - started;
          return r.status;
        });
      // a1 takes a slot and makes the fixture; a2 takes the other and finds it being made.
      const statuses = await Promise.all([run(slowFixture, slowFixture.cases[0]), run(slowFixture, slowFixture.cases[1]), run(other, other.cases[0])]);
      expect(statuses).toEqual(['passed', 'passed', 'passed']);
    });
    expect(ended.b1).toBeLessThan(ended.a1);
    expect(ended.b1).toBeLessThan(ended.a2);
  });
});

describe('slots while a rate limit holds a case back', () => {
  it("a case whose account's requests wait for the limit gives its slot back: another account's case runs in it meanwhile", async () => {
    // Every answer to the member says the limit is reached for the next 2 s (X-RateLimit-*, as Zulip says it).
    const rewrite = {
      answer: (req: { headers: Record<string, unknown> }, a: { headers: Record<string, string> }) => {
        const header = req.headers.authorization;
        const auth = Buffer.from(typeof header === 'string' ? header.replace(/^Basic /, '') : '', 'base64').toString();
        if (!auth.startsWith('member@')) return;
        Object.assign(a.headers, { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 2) });
      },
    };
    const twice: Case = { ...quickCase('m1'), steps: [...quickCase('m1').steps, ...quickCase('m1').steps] };
    const member: SpecFile = { file: 'specs/m.yaml', operation: 'GET /users/me', title: 'm', cases: [twice] };
    const byAdmin: Case = { ...quickCase('o1'), steps: [{ ...quickCase('o1').steps[0], as: 'admin' }] };
    const admin: SpecFile = { file: 'specs/o.yaml', operation: 'GET /users/me', title: 'o', cases: [byAdmin] };
    const ended: Record<string, number> = {};
    await withSession({ rewrite, concurrency: 1 }, async (session) => {
      const started = performance.now();
      const run = (spec: SpecFile) =>
        executeCase(session, spec, spec.cases[0]).then((r) => {
          ended[spec.cases[0].id] = performance.now() - started;
          return r.status;
        });
      // m1 takes the only slot; its second request waits for the member's window.
      const first = run(member);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await Promise.all([first, run(admin)])).toEqual(['passed', 'passed']);
    });
    expect(ended.o1).toBeLessThan(ended.m1);
    expect(ended.m1).toBeGreaterThan(900);
  });
});

describe('a case waiting on several things at once', () => {
  it('gives its one slot back once and takes one again once: the run never stands still for a slot it lost', async () => {
    const file = (name: string): SpecFile => ({ file: `specs/${name}.yaml`, operation: 'GET /users/me', title: name, cases: [] });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await withSession({ concurrency: 1 }, async (session) => {
      // Two waits outside the slot side by side (reads of two accounts, each held by its limit).
      const a = session.scheduled(file('a'), async (outsideSlot) => {
        await Promise.all([outsideSlot(pause(20)), outsideSlot(pause(40))]);
        return 'a';
      });
      const b = session.scheduled(file('b'), () => pause(10).then(() => 'b'));
      const both = Promise.all([a, b]);
      const stuck = pause(5000).then(() => 'stuck');
      expect(await Promise.race([both, stuck])).toEqual(['a', 'b']);
      // The one slot is free again: a third case runs.
      expect(await Promise.race([session.scheduled(file('c'), () => Promise.resolve('c')), stuck])).toBe('c');
    });
  });
});
