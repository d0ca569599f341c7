// What a run costs: the meter's counts per account, operation and purpose, their sum over
// several meters, and the console's lines about them.
import { PATIENCE_MS } from '../../src/http/limit-learner.js';
import { describe, expect, it } from 'vitest';
import { addCosts, emptyCost, pathTemplate, RequestMeter } from '../../src/http/request-cost.js';
import { costLines } from '../../src/report/writers/console-output.js';
import type { ConformanceReport } from '../../src/report/model/model.js';

const operations = (method: string, path: string) => (method === 'POST' && path === '/messages' ? 'POST /messages' : null);

describe('RequestMeter', () => {
  it('counts by account, purpose and operation, and names the busiest account', () => {
    const meter = new RequestMeter(operations);
    meter.request('member', 'POST', '/messages', 'check');
    meter.request('member', 'POST', '/messages', 'fixture');
    meter.request('admin', 'PATCH', '/streams/17', 'cleanup');
    meter.request(null, 'GET', '/server_settings', 'preflight');
    const cost = meter.snapshot();
    expect(cost.requests).toBe(4);
    expect(cost.byPurpose).toEqual({ check: 1, fixture: 1, cleanup: 1, preflight: 1 });
    expect(cost.byAccount.member).toEqual({ requests: 2, check: 1, fixture: 1, cleanup: 0, preflight: 0 });
    expect(cost.byOperation).toEqual({ 'POST /messages': { member: 2 }, 'PATCH /streams/{id}': { admin: 1 }, 'GET /server_settings': { none: 1 } });
    expect(cost.busiest).toEqual({ account: 'member', requests: 2 });
  });

  it('a run without credentials has no busiest account; "none" is never it', () => {
    const meter = new RequestMeter();
    meter.request(null, 'GET', '/server_settings', 'preflight');
    expect(meter.snapshot().busiest).toBeNull();
  });

  it('counts 429s with their waits, and the wall time of paced waits once where they overlap', () => {
    const meter = new RequestMeter();
    meter.rateLimited(1500);
    meter.paced(0, 1000);
    meter.paced(500, 1500);
    meter.paced(3000, 3200);
    expect(meter.snapshot().rateLimit).toEqual({ answers429: 1, waitedAfter429Ms: 1500, longestWaitMs: 1500, patienceMs: PATIENCE_MS, pacedMs: 1700 });
  });

  it('a path no operation names is counted with its numbers as {id}', () => {
    expect(pathTemplate('get', '/messages/12/history?x=1')).toBe('GET /messages/{id}/history');
    expect(pathTemplate('GET', '/users/me/12/topics')).toBe('GET /users/me/{id}/topics');
  });
});

describe('addCosts', () => {
  it('adds every count and recomputes the busiest account', () => {
    const a = new RequestMeter();
    a.request('admin', 'GET', '/streams', 'check');
    a.request('admin', 'GET', '/streams', 'check');
    const b = new RequestMeter();
    b.request('member', 'GET', '/streams', 'check');
    b.request('member', 'GET', '/streams', 'fixture');
    b.request('member', 'GET', '/streams', 'cleanup');
    b.rateLimited(200);
    const sum = addCosts([a.snapshot(), b.snapshot(), emptyCost()]);
    expect(sum.requests).toBe(5);
    expect(sum.byOperation['GET /streams']).toEqual({ admin: 2, member: 3 });
    expect(sum.busiest).toEqual({ account: 'member', requests: 3 });
    expect(sum.rateLimit.answers429).toBe(1);
  });
});

describe('the console', () => {
  it('says what the run cost, the three busiest accounts first, and the rate limit only when met', () => {
    const meter = new RequestMeter();
    for (const [role, n] of [
      ['member', 3],
      ['admin', 2],
      ['owner', 1],
      ['guest', 1],
    ] as const) {
      for (let i = 0; i < n; i += 1) meter.request(role, 'GET', '/streams', 'check');
    }
    const report = { cost: meter.snapshot() } as ConformanceReport;
    expect(costLines(report)).toEqual(['Requests: 7 (checks 7, fixtures 0, cleanup 0, preflight 0); most by account: member 3, admin 2, owner 1']);
    meter.rateLimited(2000);
    expect(costLines({ cost: meter.snapshot() } as ConformanceReport)[0]).toMatch(
      /rate limit: 1 answer 429 \(2\.0 s waited, a request at most 2\.0 s of the 600 s it may\)/,
    );
    expect(costLines({} as ConformanceReport)).toEqual([]);
  });
});

describe('the Markdown report', () => {
  it("has a table of every account's requests, busiest first, the extra members among them, the limit met and the property budget", async () => {
    const { markdownReport } = await import('../../src/report/writers/markdown.js');
    const { finish } = await import('../../src/report/model/assemble.js');
    const { kase, report: reportOf } = await import('./report-builders.js');
    const meter = new RequestMeter();
    for (const [role, n] of [
      ['member', 2],
      ['extra1', 3],
      ['admin', 1],
    ] as const) {
      for (let i = 0; i < n; i += 1) meter.request(role, 'GET', '/streams', i ? 'check' : 'fixture');
    }
    meter.rateLimited(1500);
    const budget = { factor: 0.2, reason: 'the target limits each account to 200 requests per 60 s', runs: 40 };
    const md = markdownReport(finish(reportOf([kase('a', 'passed')], { cost: meter.snapshot(), propertyBudget: budget })));
    const section = md.slice(md.indexOf('### What the run cost the target'), md.indexOf('### Per operation'));
    expect(section).toContain('6 requests; the busiest account sets the pace against a limit per account. Rate limit: 1 answers 429');
    expect(section).toContain('Properties: 40 runs, 0.2 times their default (the target limits each account to 200 requests per 60 s).');
    expect(section.split('\n').filter((line) => /^\| (extra1|member|admin) /.test(line))).toEqual([
      '| extra1 | 3 | 2 | 1 | 0 | 0 |',
      '| member | 2 | 1 | 1 | 0 | 0 |',
      '| admin | 1 | 0 | 1 | 0 | 0 |',
    ]);
  });
});
