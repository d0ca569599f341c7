import { describe, expect, it } from 'vitest';
import { decide, optionalFixturesUsed, planInputOf, type PlanInput } from '../../src/engine/run/plan.js';
import type { Case, SpecFile } from '../../src/engine/load/types.js';

const spec: SpecFile = { file: 'specs/x.yaml', operation: 'GET /streams', title: 'x', cases: [] };
const base: Case = { id: 'op20.x', title: 'x', clauses: ['op20.success-body'], steps: [{ as: 'member', request: { method: 'GET', path: '/streams' } }] };
const input: PlanInput = { profile: 'spec', featureLevel: 420, configuredRoles: new Set(['member']), grep: null, operations: [], clauses: [] };

describe('plan', () => {
  it.each([
    ['runs a plain case', base, input, { run: true }],
    ['omits a case of the other profile', { ...base, profile: 'zulip' as const }, input, { run: false, omit: true }],
    ['skips a case above the feature level', { ...base, since: 421 }, input, { run: false, skip: 'needs feature level 421, target has 420' }],
    [
      'skips a case whose role is not configured',
      { ...base, steps: [{ as: 'guest' as const, request: { method: 'GET', path: '/' } }] },
      input,
      { run: false, skip: 'needs the guest account, not configured' },
    ],
    [
      'skips a case needing seeded push devices elsewhere, for what the target lacks',
      { ...base, requires: ['seeded-push-devices' as const] },
      input,
      {
        run: false,
        skip: 'needs push devices behind a push relay in each failing state, which only the reference server seeds (for its seeded accounts): a client cannot register a device, and how a relay fails is server configuration',
        onTarget: true,
      },
    ],
    ['runs it on the reference server', { ...base, requires: ['seeded-push-devices' as const] }, { ...input, referenceSeed: true }, { run: true }],
    [
      "skips a case needing the owner's can_change_user_emails unless it is configured",
      { ...base, requires: ['owner-can-change-user-emails' as const] },
      { ...input, referenceSeed: true },
      {
        run: false,
        skip: 'needs an owner holding can_change_user_emails, which a server administrator grants outside the API and no read shows (set CONFORMANCE_OWNER_CAN_CHANGE_USER_EMAILS=true if yours does)',
        onTarget: true,
      },
    ],
    [
      'runs it where the owner is configured to hold it',
      { ...base, requires: ['owner-can-change-user-emails' as const] },
      { ...input, ownerCanChangeUserEmails: true },
      { run: true },
    ],
    [
      'skips a case whose assumptions call as a role not configured',
      { ...base, assume: [{ as: 'admin' as const, request: { method: 'GET', path: '/users' } }] },
      input,
      { run: false, skip: 'needs the admin account, not configured' },
    ],
    [
      'a step as an account the run made needs no configured role',
      { ...base, steps: [...base.steps, { as: { email: '${b.email}', apiKey: '${b.key}' }, request: { method: 'GET', path: '/users/me' } }] },
      input,
      { run: true },
    ],
    ['omits a case filtered by clause prefix', base, { ...input, clauses: ['op13'] }, { run: false, omit: true }],
    ['keeps a case matching a clause prefix', base, { ...input, clauses: ['op20'] }, { run: true }],
  ])('%s', (_, c, planInput, decision) => {
    expect(decide(spec, c, planInput)).toEqual(decision);
  });
});

describe('the plan input', () => {
  it('carries the filters, the level, the roles, and what the target is known to hold', () => {
    const filters = { profile: 'zulip' as const, grep: 'x', operations: ['GET /streams'], clauses: ['op20'] };
    expect(planInputOf(filters, 400, ['member'], true)).toStrictEqual({
      ...filters,
      featureLevel: 400,
      configuredRoles: new Set(['member']),
      shard: null,
      referenceSeed: true,
      ownerCanChangeUserEmails: false,
    });
    expect(planInputOf({ ...filters, shard: { index: 1, count: 2 } }, 400, [], false, true)).toMatchObject({
      shard: { index: 1, count: 2 },
      referenceSeed: false,
      ownerCanChangeUserEmails: true,
    });
  });
});

describe('the optional fixtures a case needs', () => {
  const optional = (capture: Record<string, string>, note = 'n') => ({
    as: 'admin' as const,
    optional: true,
    note,
    request: { method: 'GET', path: '/x' },
    capture,
  });
  const withFixtures = (fixtures: SpecFile['fixtures']): SpecFile => ({ ...spec, fixtures });

  it('are the optional steps whose captures its assumptions, steps or cleanup use, with the names used', () => {
    const file = withFixtures([
      optional({ a: 'a', unused: 'u' }, 'first'),
      { request: { method: 'GET', path: '/y' }, capture: { b: 'b' } },
      optional({ c: 'c' }, 'third'),
      optional({ d: 'd' }, 'fourth'),
      optional({ e: 'e' }, 'fifth'),
    ]);
    const c: Case = {
      ...base,
      assume: [{ request: { method: 'GET', path: '/a/${a}' } }],
      steps: [{ request: { method: 'GET', path: '/b/${b}/c/${c.id}' } }],
      cleanup: [{ request: { method: 'DELETE', path: '/d/${d}' } }],
    };
    expect(optionalFixturesUsed(file, c).map(({ step, names }) => [step.note, names])).toEqual([
      ['first', ['a']],
      ['third', ['c']],
      ['fourth', ['d']],
    ]);
  });

  it('are none for a file without fixtures, or a case using none of their captures', () => {
    expect(optionalFixturesUsed(spec, base)).toEqual([]);
    expect(optionalFixturesUsed(withFixtures([optional({ a: 'a' })]), base)).toEqual([]);
    expect(optionalFixturesUsed(withFixtures([{ ...optional({}), capture: undefined }]), base)).toEqual([]);
  });
});
