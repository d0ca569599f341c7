import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/http/redact.js';
import { ReadWriteLock, Semaphore } from '../../src/runner/locks.js';
import { Session } from '../../src/runner/session.js';
import type { RunSettings } from '../../src/runner/hand-over.js';
import type { SpecFile } from '../../src/engine/load/types.js';
import { clauseEntries, summarize } from '../../src/report/model/model.js';
import type { ProofMap, ProofsFile } from '../../src/report/model/proofs.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';

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
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        const release = await s.acquire();
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 5));
        active -= 1;
        release();
      }),
    );
    expect(peak).toBe(2);
  });

  it('an urgent waiter goes ahead of the others already waiting, in arrival order', async () => {
    const s = new Semaphore(1);
    const release = await s.acquire();
    const order: string[] = [];
    const wait = async (name: string, urgent: boolean) => {
      const rel = await s.acquire(urgent);
      order.push(name);
      rel();
    };
    const all = Promise.all([wait('n1', false), wait('n2', false), wait('u1', true), wait('u2', true)]);
    release();
    await all;
    expect(order).toEqual(['u1', 'u2', 'n1', 'n2']);
  });

  it('among the waiters not urgent, the longest work goes first, arrival order among equals', async () => {
    const s = new Semaphore(1);
    const release = await s.acquire();
    const order: string[] = [];
    const wait = async (name: string, urgent: boolean, length: number) => {
      const rel = await s.acquire(urgent, length);
      order.push(name);
      rel();
    };
    const all = Promise.all([wait('short', false, 2), wait('long', false, 80), wait('short2', false, 2), wait('u', true, 0), wait('mid', false, 10)]);
    release();
    await all;
    expect(order).toEqual(['u', 'long', 'mid', 'short', 'short2']);
  });

  it('a writer runs alone, after the readers already queued', async () => {
    const lock = new ReadWriteLock();
    const log: string[] = [];
    const reader = async (name: string) => {
      const rel = await lock.read();
      log.push(`+${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`-${name}`);
      rel();
    };
    const writer = async () => {
      const rel = await lock.write();
      log.push('+w');
      await new Promise((r) => setTimeout(r, 5));
      log.push('-w');
      rel();
    };
    await Promise.all([reader('a'), writer(), reader('b')]);
    const w = log.indexOf('+w');
    expect(log[w + 1]).toBe('-w');
    expect(log.slice(0, 2)).toEqual(['+a', '+b']); // readers share the lock
    expect(w).toBe(4); // the writer waits for both
  });
});

describe('exclusive groups', () => {
  it('preferring writers: a waiting group keeps later readers back (an urgent one goes), then runs as the readers in are done', async () => {
    const lock = new ReadWriteLock({ preferWriters: true });
    const log: string[] = [];
    const job = async (name: string, take: () => Promise<() => void>) => {
      const release = await take();
      log.push(`+${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`-${name}`);
      release();
    };
    const first = job('r1', () => lock.read());
    const group = [job('a1', () => lock.write('A')), job('b1', () => lock.write('B'))];
    const later = [job('r2', () => lock.read()), job('u', () => lock.read(true)), job('a2', () => lock.write('A'))];
    await Promise.all([first, ...group, ...later]);
    expect(log.slice(0, 2)).toEqual(['+r1', '+u']); // the urgent reader went beside the one already in
    const at = (e: string) => log.indexOf(e);
    // Group A (with its member that came later) runs before r2, then group B, then the reader.
    expect(at('+a1')).toBeGreaterThan(Math.max(at('-r1'), at('-u')));
    expect(at('+a2')).toBeLessThan(at('-a1'));
    expect(at('+b1')).toBeGreaterThan(Math.max(at('-a1'), at('-a2')));
    expect(at('+r2')).toBeGreaterThan(at('-b1'));
  });

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

/** A Session's settings for a run against nothing (its cases send no request). */
const sessionSettings = (more: Partial<RunSettings> = {}) =>
  ({
    targetUrl: 'http://127.0.0.1:9',
    profile: 'spec',
    featureLevel: 420,
    timeoutMs: 1000,
    concurrency: 8,
    runId: 't',
    accounts: {},
    register: {},
    ...more,
  }) as unknown as RunSettings;
const file = (name: string, more: Partial<SpecFile> = {}): SpecFile => ({ file: name, operation: 'GET /x', title: name, cases: [], ...more });

describe('Session scheduling', () => {
  const settings = sessionSettings();

  it('shares a lock across files, lets an exclusive group run together, and keeps readers out', async () => {
    const session = new Session(settings);
    const files = {
      defaults: file('defaults', { lock: 'realm-user-defaults' }),
      defaultsProperty: file('prop', { lock: 'realm-user-defaults' }),
      reader: file('reader'),
      user: file('user', { exclusive: 'organisation', lock: 'member2' }),
      byEmail: file('by-email', { exclusive: 'organisation', lock: 'member2' }),
      editSettings: file('edit-settings', { exclusive: 'organisation' }),
      alone: file('alone', { exclusive: true }),
    };
    let active: string[] = [];
    const overlaps: string[][] = [];
    const job = (name: keyof typeof files) =>
      session.scheduled(files[name], async () => {
        active.push(name);
        if (active.length > 1) overlaps.push([...active].sort());
        await new Promise((r) => setTimeout(r, 3));
        active = active.filter((a) => a !== name);
      });
    const names = Object.keys(files) as (keyof typeof files)[];
    await Promise.all([...names, ...names].map(job));
    await session.close();
    const together = (a: string, b: string) => overlaps.some((o) => o.includes(a) && o.includes(b));
    expect(together('defaults', 'defaultsProperty')).toBe(false); // one lock
    expect(together('defaults', 'reader')).toBe(true); // a lock alone does not exclude others
    expect(together('user', 'byEmail')).toBe(false); // same group, same lock
    expect(together('user', 'editSettings') || together('byEmail', 'editSettings')).toBe(true); // same group
    for (const exclusive of ['user', 'byEmail', 'editSettings', 'alone']) {
      for (const other of ['reader', 'defaults', 'defaultsProperty']) expect(together(exclusive, other), `${exclusive} with ${other}`).toBe(false);
    }
    expect(overlaps.filter((o) => o.includes('alone'))).toEqual([]);
  });
});

describe('where the exclusive groups go', () => {
  const settings = (groupsFirst: boolean) => sessionSettings({ groupsFirst });
  /** A reader in, then a group and a later reader waiting: the order they start in. */
  async function order(groupsFirst: boolean): Promise<string[]> {
    const session = new Session(settings(groupsFirst));
    const started: string[] = [];
    const job = (name: string, spec: SpecFile) =>
      session.scheduled(spec, async () => {
        started.push(name);
        await new Promise((r) => setTimeout(r, 3));
      });
    const first = job('reader', file('reader'));
    const group = job('group', file('settings', { exclusive: 'organisation' }));
    const later = job('later reader', file('later'));
    await Promise.all([first, group, later]);
    await session.close();
    return started;
  }

  it('where the rate limit bounds the run, a waiting group goes before the cases that came after it', async () => {
    expect(await order(true)).toEqual(['reader', 'group', 'later reader']);
  });

  it('elsewhere it goes once every other case is done', async () => {
    expect(await order(false)).toEqual(['reader', 'later reader', 'group']);
  });

  it("the cases of the part that goes first lead the organisation settings' turns", () => {
    const exclusive = { exclusive: 'organisation' as const };
    expect(new Session(settings(true)).goesFirst(exclusive)).toBe(true);
    expect(new Session(settings(true)).goesFirst({})).toBe(false);
    expect(new Session(settings(false)).goesFirst(exclusive)).toBe(false);
    expect(new Session(settings(false)).goesFirst({})).toBe(true);
  });
});

describe('report model', () => {
  const c = (id: string, status: CaseResult['status'], clauses: string[]): CaseResult => ({
    id,
    endpoint: 'GET /streams',
    title: id,
    file: 'f',
    clauses,
    status,
    durationMs: 1,
  });
  const proofs = (map: ProofMap): ProofsFile => ({ about: '', cases: map, properties: {} });
  it('counts statuses and derives clause statuses: tested only where a proven case ran', () => {
    const cases = [c('a', 'passed', ['x']), c('b', 'failed', ['x', 'z']), c('s', 'skipped', ['y'])];
    expect(summarize(cases)).toEqual({ total: 3, passed: 1, failed: 1, skipped: 1, errored: 0 });
    const entries = clauseEntries(
      [
        { id: 'x', endpoint: 'e', text: 't' },
        { id: 'y', endpoint: 'e', text: 't' },
        { id: 'z', endpoint: 'e', text: 't' },
        { id: 'u', endpoint: 'e', text: 't', status: 'unspecified' },
        { id: 'd', endpoint: 'e', text: 't', disputed: 'no' },
      ],
      cases,
      'spec',
      proofs({ x: { spec: ['b'] }, y: { spec: ['s'] }, z: { zulip: ['b'] } }),
    );
    expect(entries.map((e) => [e.id, e.status, e.cases, e.provenBy])).toEqual([
      ['x', 'tested', ['a', 'b'], ['b']], // b was seen to catch a server breaking x, and ran
      ['y', 'untested', ['s'], undefined], // its proven case was skipped
      ['z', 'untested', ['b'], undefined], // cited by a case that ran, proven only under zulip
      ['u', 'unspecified', [], undefined],
      ['d', 'disputed', [], undefined],
    ]);
  });

  it('lists a clause without a documented read as unspecified under spec only, with the reason', () => {
    const catalog = [
      { id: 'ev', endpoint: 'e', text: 't', unobservableUnderSpec: 'the event queue: not shown' },
      { id: 'ev2', endpoint: 'e', text: 't', unobservableUnderSpec: 'the event queue: not shown' },
    ];
    const cases = [c('a', 'passed', ['ev2'])];
    const proven = proofs({ ev2: { spec: ['a'], zulip: ['a'] } });
    const spec = clauseEntries(catalog, cases, 'spec', proven);
    expect(spec.map((e) => [e.id, e.status, e.unobservable])).toEqual([
      ['ev', 'unspecified', 'the event queue: not shown'],
      ['ev2', 'tested', undefined],
    ]);
    expect(clauseEntries(catalog, cases, 'zulip', proven).map((e) => e.status)).toEqual(['untested', 'tested']);
  });
});
