// The layout's import rules (README, "Layout"; CONTRIBUTING.md, "Architecture"): the reference
// server is a house of its own, the common vocabulary (src/common) sits under everything, and each stage of
// the engine reaches only the stages below it. A rule broken here is a design change to make on
// purpose, not by an import added in passing.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/common/paths.js';
import { importGraph } from '../support/import-graph.js';

const graph = importGraph(PROJECT_ROOT, ['src']);
const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);

/** Every import from a file matching `from` to a file matching `to`, as "a -> b". */
function imports(from: (file: string) => boolean, to: (file: string) => boolean): string[] {
  return [...graph].flatMap(([file, targets]) => (from(file) ? targets.filter(to).map((t) => `${file} -> ${t}`) : []));
}

const not = (test: (file: string) => boolean) => (file: string) => !test(file);
const anyOf =
  (...tests: ((file: string) => boolean)[]) =>
  (file: string) =>
    tests.some((t) => t(file));

describe('the layout', () => {
  it('reads the imports of src/', () => {
    expect(graph.get('src/commands/serve/serve.ts')).toContain('src/commands/serve/reference-server.ts');
    expect(graph.size).toBeGreaterThan(150);
  });

  it('the reference server imports nothing outside its folder', () => {
    expect(imports(under('src/reference'), not(under('src/reference')))).toEqual([]);
  });

  it('only the commands that start it and the package entry reach the reference server, through its index', () => {
    expect(imports(not(under('src/reference')), under('src/reference')).sort()).toEqual([
      'src/commands/serve/reference-server.ts -> src/reference/index.ts',
      'src/index.ts -> src/reference/index.ts',
    ]);
  });

  it('the common vocabulary imports only itself', () => {
    expect(imports(under('src/common'), not(under('src/common')))).toEqual([]);
  });

  it('the configuration builds only on the common vocabulary', () => {
    expect(imports(under('src/config'), not(anyOf(under('src/config'), under('src/common'))))).toEqual([]);
  });

  it('the engine, the HTTP client, the runner, the properties and the reports import no command and not the CLI', () => {
    const suite = anyOf(under('src/engine'), under('src/http'), under('src/runner'), under('src/property'), under('src/report'));
    expect(
      imports(
        suite,
        anyOf(under('src/commands'), (f) => f === 'src/cli.ts' || f === 'src/index.ts'),
      ),
    ).toEqual([]);
  });

  it("the engine's stages reach only the stages below them: load <- judge <- run", () => {
    expect(imports(under('src/engine/load'), anyOf(under('src/engine/judge'), under('src/engine/run')))).toEqual([]);
    expect(imports(under('src/engine/judge'), under('src/engine/run'))).toEqual([]);
  });

  it('the engine knows nothing of the runner, the reports or the configuration', () => {
    expect(imports(under('src/engine'), anyOf(under('src/runner'), under('src/report'), under('src/config')))).toEqual([]);
  });

  it('the report model knows no writer and no cross-run tool, and the reports read no configuration', () => {
    expect(imports(under('src/report/model'), anyOf(under('src/report/writers'), under('src/report/cross-run')))).toEqual([]);
    expect(imports(under('src/report'), under('src/config'))).toEqual([]);
  });

  it('the commands are a folder per verb, at most ten entries, and what they share imports none of them', () => {
    const entries = readdirSync(join(PROJECT_ROOT, 'src/commands'));
    expect(entries.length).toBeLessThanOrEqual(10);
    expect(entries.filter((e) => e.endsWith('.ts')).length).toBeLessThanOrEqual(2);
    expect(imports(under('src/commands/shared'), (f) => under('src/commands')(f) && !under('src/commands/shared')(f))).toEqual([]);
  });

  it("the reference server's ground (core/, realm/) imports no area and nothing above it; no area imports the registries above", () => {
    const ground = anyOf(under('src/reference/core'), under('src/reference/realm'));
    const reference = under('src/reference');
    // The top: server.ts, index.ts and the registries beside them (routes, quirks, levels, seed).
    const top = (f: string) => reference(f) && f.split('/').length === 3;
    const area = (f: string) => reference(f) && !ground(f) && !top(f);
    expect(imports(ground, anyOf(area, top))).toEqual([]);
    expect(imports(area, top)).toEqual([]);
  });
});
