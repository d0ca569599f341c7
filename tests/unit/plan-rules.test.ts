// Which cases a run sends, skips (and says why) or leaves out: each filter on its own, the
// shards, and the parameters a spec file documents at the level judged.
import { describe, expect, it } from 'vitest';
import { decide, documentedParameters, rolesOf, shardOf, type PlanInput } from '../../src/engine/run/plan.js';
import type { Case, SpecFile } from '../../src/engine/load/types.js';

const spec: SpecFile = { file: 'specs/x.yaml', operation: 'GET /streams', title: 'x', cases: [] };
const base: Case = { id: 'op20.list', title: 'lists channels', clauses: ['op20.body'], steps: [{ request: { method: 'GET', path: '/streams' } }] };
const input: PlanInput = { profile: 'spec', featureLevel: 420, configuredRoles: new Set(['member']), grep: null, operations: [], clauses: [] };
const OMIT = { run: false, omit: true };

describe('what a run leaves out', () => {
  it('a case of the profile judged runs; one without a profile runs under both', () => {
    expect(decide(spec, { ...base, profile: 'spec' }, input)).toEqual({ run: true });
    expect(decide(spec, base, { ...input, profile: 'zulip' })).toEqual({ run: true });
    expect(decide(spec, { ...base, profile: 'spec' }, { ...input, profile: 'zulip' })).toEqual(OMIT);
  });

  it('--shard i/n: only the files of shard i', () => {
    const mine = shardOf(spec.file, 3);
    expect(decide(spec, base, { ...input, shard: { index: mine, count: 3 } })).toEqual({ run: true });
    expect(decide(spec, base, { ...input, shard: { index: (mine % 3) + 1, count: 3 } })).toEqual(OMIT);
    expect(decide(spec, base, { ...input, shard: null })).toEqual({ run: true });
  });

  it('--operation: only the operations named', () => {
    expect(decide(spec, base, { ...input, operations: ['GET /streams', 'POST /x'] })).toEqual({ run: true });
    expect(decide(spec, base, { ...input, operations: ['POST /x'] })).toEqual(OMIT);
  });

  it('--grep: the text anywhere in "<id> <title>"', () => {
    for (const grep of ['op20.list', 'channels', 'list lists']) expect(decide(spec, base, { ...input, grep })).toEqual({ run: true });
    expect(decide(spec, base, { ...input, grep: 'listlists' })).toEqual(OMIT);
  });

  it('--clause: a cited clause equal to the one named or below it (op20 takes op20.body, not op200.x)', () => {
    const two = { ...base, clauses: ['op13.a', 'op20.body'] };
    expect(decide(spec, two, { ...input, clauses: ['op20.body'] })).toEqual({ run: true });
    expect(decide(spec, two, { ...input, clauses: ['op99', 'op20'] })).toEqual({ run: true });
    expect(decide(spec, { ...base, clauses: ['op200.x'] }, { ...input, clauses: ['op20'] })).toEqual(OMIT);
    expect(decide(spec, { ...base, clauses: ['op20.body'] }, { ...input, clauses: ['op20.bod'] })).toEqual(OMIT);
  });
});

describe('what a run skips, saying why', () => {
  it('a case newer than the level judged; one of exactly that level runs', () => {
    expect(decide(spec, { ...base, since: 420 }, input)).toEqual({ run: true });
    expect(decide(spec, { ...base, since: 421 }, input)).toEqual({ run: false, skip: 'needs feature level 421, target has 420' });
  });

  it('a case of what Zulip removed after the level judged; one holding until exactly that level runs', () => {
    expect(decide(spec, { ...base, until: 420 }, input)).toEqual({ run: true });
    expect(decide(spec, { ...base, until: 214 }, input)).toEqual({ run: false, skip: 'holds until feature level 214 (removed at 215), target has 420' });
  });

  it('the accounts no step, fixture or cleanup can do without, named once each', () => {
    const withFixtures = { ...spec, fixtures: [{ as: 'admin' as const, request: { method: 'GET', path: '/' } }] };
    const c = {
      ...base,
      steps: [
        { as: 'guest' as const, request: { method: 'GET', path: '/' } },
        { as: 'guest' as const, request: { method: 'GET', path: '/' } },
      ],
      cleanup: [{ as: 'owner' as const, request: { method: 'GET', path: '/' } }],
    };
    expect(decide(withFixtures, c, input)).toEqual({ run: false, skip: 'needs the admin and guest and owner accounts, not configured' });
    expect(decide(spec, { ...base, cleanup: [{ as: 'owner' as const, request: { method: 'GET', path: '/' } }] }, input)).toEqual({
      run: false,
      skip: 'needs the owner account, not configured',
    });
  });

  it("a step without as: is the member's", () => {
    expect(rolesOf([{ request: { method: 'GET', path: '/' } }, { as: 'admin', request: { method: 'GET', path: '/' } }])).toEqual(['member', 'admin']);
    expect(rolesOf()).toEqual([]);
    expect(decide(spec, base, { ...input, configuredRoles: new Set() })).toEqual({ run: false, skip: 'needs the member account, not configured' });
  });

  it('a step that names an account (its user id, its email) needs it as much as one acting as it', () => {
    const naming = (value: string) => [{ as: 'admin' as const, request: { method: 'POST', path: '/x', params: { to: [value] } } }];
    expect(rolesOf(naming('${accounts.member2.user_id}'))).toEqual(['admin', 'member2']);
    expect(rolesOf(naming('${ accounts.guest.email }'))).toEqual(['admin', 'guest']);
    expect(rolesOf(naming('${account.user_id}'))).toEqual(['admin']);
    const withFixtures = { ...spec, fixtures: naming('${accounts.member.user_id}') };
    expect(
      decide(
        withFixtures,
        { ...base, steps: [{ as: 'admin' as const, request: { method: 'GET', path: '/' } }] },
        { ...input, configuredRoles: new Set(['admin' as const]) },
      ),
    ).toEqual({
      run: false,
      skip: 'needs the member account, not configured',
    });
  });
});

describe('shards', () => {
  it("a file's shard is FNV-1a of its path, modulo the count, from 1", () => {
    // FNV-1a("a") = 0xe40c292c = 3826002220
    expect(shardOf('a', 7)).toBe((3826002220 % 7) + 1);
    expect(shardOf('', 5)).toBe((0x811c9dc5 % 5) + 1);
    expect(shardOf('a', 1)).toBe(1);
  });
});

describe('the parameters an operation documents', () => {
  it("every spec file's names for its operation, once each, those with since only from that level", () => {
    const specs: SpecFile[] = [
      { ...spec, parameters: ['a', { name: 'new', since: 421 }, { name: 'now', since: 420 }] },
      { ...spec, file: 'specs/y.yaml', parameters: ['a', 'b'] },
      { ...spec, operation: 'POST /x', parameters: [{ name: 'later', since: 500 }] },
      { ...spec, operation: 'PATCH /y' },
    ];
    expect(documentedParameters(specs, 420)).toStrictEqual({ 'GET /streams': ['a', 'now', 'b'] });
    expect(documentedParameters(specs, 500)).toStrictEqual({ 'GET /streams': ['a', 'new', 'now', 'b'], 'POST /x': ['later'] });
  });
});
