import { describe, expect, it } from 'vitest';
import { decide, type PlanInput } from '../../src/engine/run/plan.js';
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
      'skips a case needing the reference seed elsewhere',
      { ...base, requires: ['reference-seed' as const] },
      input,
      {
        run: false,
        skip: "needs the reference server's seeded realm (backdated messages, crowded channels, push devices behind failing relays), which a client cannot create",
      },
    ],
    ['runs it on the reference server', { ...base, requires: ['reference-seed' as const] }, { ...input, referenceSeed: true }, { run: true }],
    ['omits a case filtered by clause prefix', base, { ...input, clauses: ['op13'] }, { run: false, omit: true }],
    ['keeps a case matching a clause prefix', base, { ...input, clauses: ['op20'] }, { run: true }],
  ])('%s', (_, c, planInput, decision) => {
    expect(decide(spec, c, planInput)).toEqual(decision);
  });
});
