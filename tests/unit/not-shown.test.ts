// Every "not shown" of the API document is a choice a server makes. The variant realm
// (src/reference/realm/flavor.ts) takes each the other way from the Zulip server, or the catalog
// says why no server can vary it: the `variant` field of the clauses that cite the statement.
// The variant passing under spec then shows no case assumes Zulip's choice there.
import { describe, expect, it } from 'vitest';
import { committedMap, parseSource, resolveSource } from '../support/document-map.js';
import { loadSuite } from '../../src/engine/load/load.js';

describe('the document\'s "not shown" statements', () => {
  it('each is cited by an unspecified clause that says what the variant realm chooses there', () => {
    const units = committedMap().units;
    const { clauses } = loadSuite();
    const notShown = units.filter((u) => /not shown/.test(u.text));
    expect(notShown.length).toBeGreaterThanOrEqual(15);
    const unmapped = notShown.filter((unit) => {
      const citing = clauses.filter((c) =>
        [c.source ?? []].flat().some((s) => resolveSource(parseSource(s) ?? { section: '', kind: 'text', key: '' }, units).includes(unit)),
      );
      return !citing.some((c) => c.status === 'unspecified' && c.variant);
    });
    expect(unmapped.map((u) => `line ${u.line}: ${u.text}`)).toEqual([]);
  });
});
