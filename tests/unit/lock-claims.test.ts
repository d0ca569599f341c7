// The named locks a case holds (src/runner/lock-claims.ts) and how holders of them overlap
// (NamedLocks in src/runner/locks.ts): the finer `serial` forms let cases that change different
// objects run side by side, and never two that change the same one.
import { describe, expect, it } from 'vitest';
import { lockClaims } from '../../src/runner/lock-claims.js';
import { NamedLocks, type LockClaim } from '../../src/runner/locks.js';
import type { Case, SpecFile, Step } from '../../src/engine/load/types.js';
import type { Params } from '../../src/http/encode.js';

const patch = (params: Params, as?: Step['as']): Step => ({ as, request: { method: 'PATCH', path: '/realm/user_settings_defaults', params } });
const kase = (id: string, steps: Step[], cleanup?: Step[]): Case => ({ id, title: id, clauses: ['x'], steps, ...(cleanup ? { cleanup } : {}) });
const file = (more: Partial<SpecFile>): SpecFile => ({
  file: 'specs/f.yaml',
  operation: 'PATCH /realm/user_settings_defaults',
  title: 'f',
  cases: [],
  ...more,
});

describe('lockClaims', () => {
  /** The claims on the file's lock (apart from the accounts, below). */
  const fileClaims = (spec: SpecFile, c?: Case) => lockClaims(spec, c).filter((claim) => !claim.key.startsWith('account '));

  it('holds nothing in a file without scheduling flags', () => {
    expect(lockClaims(file({}), kase('a', [patch({ enter_sends: true })]))).toEqual([]);
  });

  it('holds the file lock alone for a one-at-a-time case, a cleanup and a property', () => {
    const serial = file({ serial: true });
    expect(fileClaims(serial, kase('a', [patch({})]))).toEqual([{ key: 'specs/f.yaml', exclusive: true }]);
    expect(fileClaims(file({ lock: 'realm-user-defaults', serial: 'per-parameter' }))).toEqual([{ key: 'realm-user-defaults', exclusive: true }]);
    expect(fileClaims(file({ exclusive: 'organisation' }), kase('a', []))).toEqual([{ key: 'specs/f.yaml', exclusive: true }]);
  });

  it('per-role: shares the lock, holds the calling account alone', () => {
    const spec = file({ serial: 'per-role', lock: 'user-settings' });
    expect(fileClaims(spec, kase('a', [patch({}, 'admin')]))).toEqual([
      { key: 'user-settings', exclusive: false },
      { key: 'user-settings#admin', exclusive: true },
    ]);
    expect(fileClaims(spec, kase('a', [patch({})]))[1].key).toBe('user-settings#member');
  });

  it('a file cast over the plain members holds the accounts cast, not the parts they play', () => {
    const spec = file({ serial: 'per-role', lock: 'user-settings' });
    const cast = (role: string) => ({ member: 'extra2', member2: 'member' })[role] ?? role;
    const changesMember2: Step = { as: 'admin', request: { method: 'PATCH', path: '/users/${accounts.member2.user_id}' } };
    expect(lockClaims(spec, kase('a', [patch({}), changesMember2]), cast).map((claim) => claim.key)).toEqual([
      'user-settings',
      'user-settings#extra2',
      'user-settings#admin',
      'account extra2',
      'account admin',
      'account member',
    ]);
  });

  it('per-role: holds every account the case calls as, in steps and cleanup, not an events step', () => {
    const spec = file({ serial: 'per-role', lock: 'user-settings' });
    const watch: Step = { as: 'member', queue: { name: 'q' }, request: { method: 'POST', path: '/register' } };
    const read: Step = { events: { queue: 'q' }, request: { method: 'GET', path: '/events' } };
    const keys = fileClaims(spec, kase('a', [patch({}, 'admin'), watch, read], [patch({}, 'admin')])).map((claim) => claim.key);
    expect(keys).toEqual(['user-settings', 'user-settings#admin', 'user-settings#member']);
  });

  it('per-parameter: holds each parameter sent to the file operation alone, in steps and cleanup', () => {
    const spec = file({ serial: 'per-parameter', lock: 'realm-user-defaults' });
    const read: Step = { request: { method: 'POST', path: '/register', params: { fetch_event_types: ['x'] } } };
    const c = kase('a', [patch({ color_scheme: 3, web_font_size_px: 21 }), read], [patch({ color_scheme: 1 }), patch({ enter_sends: true })]);
    expect(fileClaims(spec, c)).toEqual([
      { key: 'realm-user-defaults', exclusive: false },
      { key: 'realm-user-defaults/color_scheme', exclusive: true },
      { key: 'realm-user-defaults/web_font_size_px', exclusive: true },
      { key: 'realm-user-defaults/enter_sends', exclusive: true },
    ]);
  });

  it('per-parameter: a path with slots is the operation whatever the values put in them', () => {
    const spec = file({ serial: 'per-parameter', operation: 'PATCH /messages/{message_id}' });
    const c = kase('a', [
      { request: { method: 'PATCH', path: '/messages/${message}', params: { content: 'x' } } },
      { request: { method: 'GET', path: '/messages/${message}', params: { x: 1 } } },
    ]);
    expect(fileClaims(spec, c).map((claim) => claim.key)).toEqual(['specs/f.yaml', 'specs/f.yaml/content']);
  });

  it('queue-readers: a case reading a queue holds the file alone, the others share it', () => {
    const spec = file({ serial: 'queue-readers' });
    const opens: Step = { as: 'member2', queue: { name: 'q' }, request: { method: 'POST', path: '/register' } };
    expect(fileClaims(spec, kase('a', [patch({})]))).toEqual([{ key: 'specs/f.yaml', exclusive: false }]);
    expect(fileClaims(spec, kase('b', [opens, patch({})]))).toEqual([{ key: 'specs/f.yaml', exclusive: true }]);
  });

  it('holds the accounts a case calls as shared, and alone those a write names in its path', () => {
    const spec = file({ exclusive: 'organisation' });
    const role = (as: Step['as'], method: string, path: string): Step => ({ as, request: { method, path } });
    const c = kase('a', [role('admin', 'PATCH', '/users/${accounts.member2.user_id}'), role('member2', 'GET', '/users/${accounts.owner.user_id}')]);
    expect(lockClaims(spec, c).filter((claim) => claim.key.startsWith('account '))).toEqual([
      { key: 'account admin', exclusive: false, tier: 1 },
      { key: 'account member2', exclusive: false, tier: 1 },
      { key: 'account member2', exclusive: true, tier: 1 },
    ]);
  });
});

describe('NamedLocks', () => {
  /** Runs the jobs all at once, each holding its claims for a few ms; the pairs that overlapped. */
  async function overlaps(jobs: Record<string, LockClaim[]>): Promise<Set<string>> {
    const locks = new NamedLocks();
    const active = new Set<string>();
    const seen = new Set<string>();
    await Promise.all(
      Object.entries(jobs).map(async ([name, claims]) => {
        const release = await locks.acquire(claims);
        for (const other of active) seen.add([name, other].sort().join('+'));
        active.add(name);
        await new Promise((r) => setTimeout(r, 5));
        active.delete(name);
        release();
      }),
    );
    return seen;
  }
  const shared = (key: string) => ({ key, exclusive: false });
  const alone = (key: string) => ({ key, exclusive: true });

  it('lets sharers and holders of different keys overlap, never two holders of one key', async () => {
    const seen = await overlaps({
      a: [shared('d'), alone('d/x')],
      b: [shared('d'), alone('d/y')],
      c: [shared('d'), alone('d/x'), alone('d/z')],
      whole: [alone('d')],
    });
    expect(seen.has('a+b')).toBe(true);
    expect(seen.has('a+c')).toBe(false);
    for (const pair of ['a+whole', 'b+whole', 'c+whole']) expect(seen.has(pair), pair).toBe(false);
  });

  it('takes claims in key order, so opposite orders do not deadlock', async () => {
    const seen = await overlaps({ one: [alone('x'), alone('y')], two: [alone('y'), alone('x')], three: [alone('y')] });
    expect(seen.size).toBe(0);
  });

  it('takes a higher tier last: waiting for the file lock, a case holds no account', async () => {
    const locks = new NamedLocks();
    const file = await locks.acquire([alone('file')]);
    // Waits for "file" (held) before it claims "account m", whatever the keys' order.
    const waiting = locks.acquire([alone('file'), { key: 'account m', exclusive: false, tier: 1 }]);
    const changer = await Promise.race([locks.acquire([{ key: 'account m', exclusive: true, tier: 1 }]), new Promise((r) => setTimeout(() => r(null), 50))]);
    expect(changer).not.toBeNull();
    (changer as () => void)();
    file();
    (await waiting)();
  });

  it('a key claimed twice is held alone if either claim says so', async () => {
    const seen = await overlaps({ a: [shared('k'), alone('k')], b: [shared('k')] });
    expect(seen.has('a+b')).toBe(false);
  });
});
