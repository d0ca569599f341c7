// Every clause's feature level agrees with its cases': a statement about an operation is no older
// than the operation (its spec files' `since`), and no case checks a clause newer than itself.
// So `compare` across levels lists each level's statements with the operation they came with.
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load/load.js';
import { apiOf } from '../../src/report/model/api.js';
import { changelogBetween } from '../../src/report/cross-run/compare.js';
import type { ConformanceReport } from '../../src/report/model/model.js';

const suite = loadSuite();
const operationSince = new Map<string, number>();
for (const spec of suite.specs) operationSince.set(spec.operation, Math.min(operationSince.get(spec.operation) ?? Infinity, spec.since ?? 0));

describe("the catalog's feature levels", () => {
  it("give no clause a level below its operation's", () => {
    // Before: 154 clauses of operations of level 96 (op 5), 313 (op 9), 368 (op 19), 390 and 420 carried no since.
    const older = suite.clauses
      .filter((c) => (c.since ?? 0) < (operationSince.get(c.endpoint) ?? 0))
      .map((c) => `${c.id} (operation of ${operationSince.get(c.endpoint)})`);
    expect(older).toEqual([]);
  });

  it('give no case an older level than a clause it cites', () => {
    const since = new Map(suite.clauses.map((c) => [c.id, c.since ?? 0]));
    const older = suite.specs.flatMap((s) =>
      s.cases.flatMap((c) => c.clauses.filter((id) => (since.get(id) ?? 0) > (c.since ?? s.since ?? 0)).map((id) => `${c.id} cites ${id}`)),
    );
    expect(older).toEqual([]);
  });

  it('so compare between levels 300 and 420 counts the statements of the operations of 313 and 368', () => {
    // Before: levels 313 and 368 were listed with no statement ("0 statements of the document").
    const at = (level: number) =>
      ({
        target: { featureLevel: level, conformsThrough: level },
        clauses: suite.clauses.map((c) => ({ ...c, status: 'tested', cases: [] })),
        api: apiOf(suite.specs),
      }) as unknown as ConformanceReport;
    const levels = changelogBetween(at(300), at(420))!.levels;
    for (const level of [313, 368]) {
      const operations = levels.find((l) => l.level === level)!.operations;
      expect(operations.length, `level ${level}`).toBeGreaterThan(0);
      for (const op of operations) expect(op.statements, `${op.endpoint} at ${level}`).toBeGreaterThan(0);
    }
  });
});
