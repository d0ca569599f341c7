// A test over the catalog and the specs: every clause about a set lists its members as the API
// document does (where the document lists them in a table or a list), and every member is
// exercised by a case under the profile the clause belongs to and proven by a mutant that breaks
// that member alone, but the known gaps below, each with why. One tested member would hide the
// others: a server could break any of them unseen.
import { describe, expect, it } from 'vitest';
import { loadSuite, parametersByOperation } from '../../src/engine/load/load.js';
import { kindChecksOf } from '../../src/engine/load/statement-kinds.js';
import { memberKey, memberProblems } from '../../src/engine/load/set-members.js';
import { committedMap } from '../support/document-map.js';
import { memberCoverage, memberGaps } from '../support/member-coverage.js';
import { readProofs } from '../support/proofs.js';
import { membersFrom, withMemberNames } from '../support/set-members-source.js';

/** Members not yet exercised or proven, each with why: this list only shrinks. */
const KNOWN_GAPS: Record<string, string> = {};

const suite = loadSuite();
const sets = suite.clauses.filter((c) => c.members);

describe('the members of the clauses about a set', () => {
  it('are what the document lists where the catalog says it lists them (npm run members writes them)', () => {
    const units = committedMap().units;
    const wrong = sets
      .filter((c) => c.members!.from)
      .flatMap((c) => {
        const listed = membersFrom(c.members!.from!, units);
        const names = c.members!.names.map(memberKey);
        return listed.join(',') === names.join(',') ? [] : [`${c.id}: the catalog names [${names.join(', ')}], the document lists [${listed.join(', ')}]`];
      });
    expect(wrong).toEqual([]);
  });

  it("of an optional clause are the parameters its generic check takes optional, and of a parameter the operation's", () => {
    const documented = parametersByOperation(suite.specs);
    const optional = new Map(kindChecksOf(suite.clauses, documented).optional.map((o) => [o.clause, o.parameters] as const));
    const wrong = sets
      .filter((c) => c.kind === 'optional')
      .flatMap((c) => {
        const names = c.members!.names.map(memberKey).sort();
        const checked = [...(optional.get(c.id) ?? [])].sort();
        return names.join(',') === checked.join(',') ? [] : [`${c.id}: members [${names.join(', ')}], the check's parameters [${checked.join(', ')}]`];
      });
    expect(wrong).toEqual([]);
  });

  it('name what exists: the member clauses, the facts, and only members as unshown', () => {
    const problems = memberProblems(
      [
        {
          id: 'x',
          endpoint: 'GET /things',
          members: {
            of: 'value',
            names: [1, 2],
            clauses: { 3: 'nope' },
            unshown: { 4: 'why' },
            at: [{ operation: 'GET /things', path: 'v', facts: ['zulip.nope'] }],
          },
        },
      ],
      new Set(['known']),
      new Set(),
    );
    expect(problems).toEqual([
      'x: members of value name the parameter (or field) whose values they are',
      'x: clauses names "3", which is no member',
      'x: member "3" names the unknown clause "nope"',
      'x: unshown names "4", which is no member',
      'x: a place rests on the unknown fact "zulip.nope"',
    ]);
  });

  it('every member is exercised by a case and proven by a mutant breaking it alone, but the known gaps', () => {
    const gaps = memberCoverage(suite, readProofs()).flatMap(memberGaps);
    expect(gaps.map((g) => g.split(':')[0]).sort()).toEqual(Object.keys(KNOWN_GAPS).sort());
  });
});

describe('withMemberNames', () => {
  it("rewrites only the names line of the clause's members", () => {
    const catalog = ['  - id: a', '    members:', '      names: [x]', '  - id: b', '    members:', '      names: [y]', ''].join('\n');
    expect(withMemberNames(catalog, 'b', ['1', '2'])).toBe(
      ['  - id: a', '    members:', '      names: [x]', '  - id: b', '    members:', '      names: [1, 2]', ''].join('\n'),
    );
    expect(() => withMemberNames(catalog, 'c', [])).toThrow('no clause c');
  });
});
