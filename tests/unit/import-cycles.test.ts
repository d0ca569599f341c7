// No module imports itself round a loop: a cycle makes load order matter (a value read before
// its module ran is undefined) and ties modules that should change apart.
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/common/paths.js';
import { importCycles, importGraph } from '../support/import-graph.js';

describe('import cycles', () => {
  it('none among the files of src/, bin/, properties/, tests/ and bench/', () => {
    const graph = importGraph(PROJECT_ROOT, ['src', 'bin', 'properties', 'tests', 'bench']);
    expect(graph.get('src/commands/run/run.ts')).toContain('src/commands/run/list-plan.ts');
    expect(importCycles(graph)).toEqual([]);
  });

  it('the finder reports a loop, a longer loop and a self-import, and nothing else', () => {
    const graph = new Map(
      Object.entries({
        'a.ts': ['b.ts'],
        'b.ts': ['a.ts', 'c.ts'],
        'c.ts': ['d.ts'],
        'd.ts': ['e.ts'],
        'e.ts': ['c.ts'],
        'f.ts': ['f.ts'],
        'g.ts': ['a.ts'],
      }),
    );
    expect(importCycles(graph).sort((x, y) => x[0].localeCompare(y[0]))).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.ts', 'e.ts'], ['f.ts']]);
  });
});
