// What a case cites must match what it checks (src/engine/citations.ts).
import { describe, expect, it } from 'vitest';
import { citationProblems, schemaClauses } from '../../src/engine/load/citations.js';
import type { Case } from '../../src/engine/load/types.js';

const clauses = new Set(['op1.a', 'op1.b', 'res.channel.name', 'res.channel.stream_id', 'conv.ignored-params']);
const facts = new Set(['zulip.x', 'zulip.y']);
const strict = { facts: true, attribution: true };
const step = (expect: Case['steps'][number]['expect'], extra: Partial<Case['steps'][number]> = {}) => ({
  request: { method: 'GET', path: '/x' },
  expect,
  ...extra,
});
const problems = (c: Partial<Case>, rules = strict) =>
  citationProblems({ id: 'c', title: 't', clauses: ['op1.a'], steps: [], ...c }, clauses, facts, rules).map((p) => `${p.at}: ${p.message}`);

describe('citations', () => {
  it('accepts a one-clause case whose checks name nothing: they enforce its clause', () => {
    expect(problems({ steps: [step({ result: 'success' })] })).toEqual([]);
  });

  it('asks a multi-clause case which clause each judged step checks, unless it only sets up', () => {
    const c = {
      clauses: ['op1.a', 'op1.b'],
      steps: [step({ result: 'success' }, { setup: true }), step({ result: 'error' }), step({ result: 'error', clause: 'op1.b' })],
    };
    expect(problems(c)).toEqual([
      'steps/1: which clause does this step check? The case cites several: add clause: (or clauses:) to its expect, or mark it setup: true',
      "clauses: cites \"op1.a\", but no check of the case enforces it (name it in a step's clause:, an assertion's clause:, or a schema's x-clause)",
    ]);
    expect(problems(c, { facts: true, attribution: false })).toEqual([]);
  });

  it('counts a body assertion naming its clause, and the clauses a schema annotates', () => {
    expect(
      problems({
        clauses: ['op1.a', 'op1.b'],
        steps: [
          step({
            body: [
              { path: 'x', equals: 1, clause: 'op1.a' },
              { path: 'y', equals: 2, clause: 'op1.b' },
            ],
          }),
        ],
      }),
    ).toEqual([]);
    expect(schemaClauses('channel').has('res.channel.name')).toBe(true);
    expect(problems({ clauses: ['op1.a', 'res.channel.name'], steps: [step({ result: 'success', clause: 'op1.a', schema: 'get-streams' })] })).toEqual([]);
  });

  it('refuses a check naming a clause the case does not cite, or one that does not exist', () => {
    expect(problems({ steps: [step({ result: 'success', clause: 'op1.b' })] })).toEqual([
      'steps/0/expect: checks clause "op1.b", which the case does not cite',
    ]);
    expect(problems({ steps: [step({ result: 'success', clause: 'op9.z' })] })).toEqual(['steps/0/expect: unknown clause "op9.z" (not in clauses.yaml)']);
  });

  it('asks a case with zulip checks for the facts they rest on, and knows every fact it names', () => {
    expect(problems({ steps: [step({ result: 'error', zulip: { status: 400 } })] })).toEqual(
      ['has zulip-profile checks but names no facts: list the Zulip facts they rest on in facts: [...]'].map((m) => `: ${m}`),
    );
    expect(problems({ profile: 'zulip', steps: [step({ result: 'success' })] })).toHaveLength(1);
    expect(problems({ facts: ['zulip.x'], steps: [step({ result: 'error', zulip: { status: 400, facts: ['zulip.y'] } })] })).toEqual([
      'steps/0/expect/zulip/facts: rests on fact "zulip.y", which the case does not list in facts:',
    ]);
    expect(problems({ facts: ['zulip.nope'], steps: [step({ result: 'success' })] })).toEqual(['facts/0: unknown fact "zulip.nope" (not in zulip-facts.yaml)']);
  });

  it('asks for every fact an assertion names (in a body, a zulip block, an event) among the case facts', () => {
    const rests = (at: string) => `${at}: an assertion rests on fact "zulip.y", which the case does not list in facts:`;
    const own = [{ path: 'a', equals: 1, facts: ['zulip.y'] }];
    expect(problems({ profile: 'zulip', facts: ['zulip.x'], steps: [step({ result: 'success', body: own })] })).toEqual([rests('steps/0/expect')]);
    expect(problems({ facts: ['zulip.x'], steps: [step({ result: 'success', zulip: { body: own } })] })).toEqual([rests('steps/0/expect')]);
    // outside a zulip block of a spec case, the spec profile judges it: facts say nothing there
    expect(problems({ facts: ['zulip.y'], steps: [step({ result: 'success', body: own })] })).toEqual([
      "steps/0/expect/body: an assertion names facts, but the spec profile judges it: put it in the step's zulip: block",
    ]);
    const events = { queue: 'q', expect: [{ type: 'typing', body: own }] };
    expect(problems({ profile: 'zulip', facts: ['zulip.x'], steps: [{ events } as unknown as Case['steps'][number]] })).toEqual([rests('steps/0/expect')]);
    expect(problems({ profile: 'zulip', facts: ['zulip.x', 'zulip.y'], steps: [step({ result: 'success', body: own })] })).toEqual([]);
  });
});
