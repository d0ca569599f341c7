import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/http/redact.js';
import { ReadWriteLock, Semaphore } from '../../src/spec/locks.js';
import { clauseEntries, summarize } from '../../src/report/model.js';
import type { CaseResult } from '../../src/spec/run-case.js';

describe('Redactor', () => {
  it('replaces API keys and their Basic header form with the role', () => {
    const r = new Redactor();
    r.addAccount('member', 'm@x.test', 'supersecretkey');
    const header = Buffer.from('m@x.test:supersecretkey').toString('base64');
    expect(r.text(`key=supersecretkey auth=Basic ${header}`)).toBe('key=[redacted: member] auth=Basic [redacted: member]');
    expect(r.value({ a: ['supersecretkey'] })).toEqual({ a: ['[redacted: member]'] });
  });
});

describe('locks', () => {
  it('a semaphore keeps at most n holders', async () => {
    const s = new Semaphore(2);
    let active = 0;
    let peak = 0;
    await Promise.all(Array.from({ length: 6 }, async () => {
      const release = await s.acquire();
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active -= 1;
      release();
    }));
    expect(peak).toBe(2);
  });

  it('a writer runs alone, after the readers already queued', async () => {
    const lock = new ReadWriteLock();
    const log: string[] = [];
    const reader = async (name: string) => { const rel = await lock.read(); log.push(`+${name}`); await new Promise((r) => setTimeout(r, 5)); log.push(`-${name}`); rel(); };
    const writer = async () => { const rel = await lock.write(); log.push('+w'); await new Promise((r) => setTimeout(r, 5)); log.push('-w'); rel(); };
    await Promise.all([reader('a'), writer(), reader('b')]);
    const w = log.indexOf('+w');
    expect(log[w + 1]).toBe('-w');
    expect(log.slice(0, 2)).toEqual(['+a', '+b']); // readers share the lock
    expect(w).toBe(4); // the writer waits for both

  });
});

describe('exclusive groups', () => {
  it('members of one group run together, other groups and readers wait', async () => {
    const lock = new ReadWriteLock();
    let active: string[] = [];
    const seen: string[][] = [];
    const job = async (name: string, group: string | null) => {
      const release = group === null ? await lock.read() : await lock.write(group);
      active.push(name);
      seen.push([...active].sort());
      await new Promise((r) => setTimeout(r, 5));
      active = active.filter((a) => a !== name);
      release();
    };
    await Promise.all([job('r1', null), job('a1', 'A'), job('b1', 'B'), job('a2', 'A'), job('r2', null)]);
    for (const snapshot of seen) {
      const groups = new Set(snapshot.map((n) => n[0]));
      expect(groups.size, `ran together: ${snapshot.join(',')}`).toBe(1);
    }
    expect(seen).toContainEqual(['a1', 'a2']);
  });
});

describe('report model', () => {
  const c = (id: string, status: CaseResult['status'], clauses: string[]): CaseResult => ({ id, endpoint: 'GET /streams', title: id, file: 'f', clauses, status, durationMs: 1 });
  it('counts statuses and derives clause statuses', () => {
    const cases = [c('a', 'passed', ['x']), c('b', 'failed', ['x']), c('s', 'skipped', ['y'])];
    expect(summarize(cases)).toEqual({ total: 3, passed: 1, failed: 1, skipped: 1, errored: 0 });
    const entries = clauseEntries([
      { id: 'x', endpoint: 'e', text: 't' }, { id: 'y', endpoint: 'e', text: 't' },
      { id: 'u', endpoint: 'e', text: 't', status: 'unspecified' }, { id: 'd', endpoint: 'e', text: 't', disputed: 'no' },
    ], cases);
    expect(entries.map((e) => [e.id, e.status, e.cases])).toEqual([
      ['x', 'tested', ['a', 'b']], ['y', 'untested', ['s']], ['u', 'unspecified', []], ['d', 'disputed', []],
    ]);
  });
});
