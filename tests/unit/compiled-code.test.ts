// The bin runs dist/ only when it may: in the package (no sources), or in a checkout whose
// dist/ was built from the sources as they are; anything else runs the sources.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStampPath, compiledCli, compiledCliPath, sourcesKey } from '../../bin/compiled-code.mjs';

function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'tcc-compiled-'));
  mkdirSync(join(root, 'src', 'engine'), { recursive: true });
  mkdirSync(join(root, 'dist', 'src'), { recursive: true });
  writeFileSync(join(root, 'src', 'cli.ts'), 'export {};\n');
  writeFileSync(join(root, 'src', 'engine', 'load.ts'), 'export {};\n');
  writeFileSync(compiledCliPath(root), 'export {};\n');
  return root;
}
const build = (root: string) => writeFileSync(buildStampPath(root), JSON.stringify({ sources: sourcesKey(root) }));

describe('which code the bin runs', () => {
  it('dist/ while it was built from the sources as they are', () => {
    const root = checkout();
    build(root);
    expect(compiledCli(root)).toBe(compiledCliPath(root));
  });

  it('the sources once one is edited, added or removed, or without a finished build', () => {
    const edited = checkout();
    build(edited);
    utimesSync(join(edited, 'src', 'cli.ts'), new Date(), new Date(Date.now() + 5000));
    expect(compiledCli(edited)).toBeNull();
    const added = checkout();
    build(added);
    writeFileSync(join(added, 'src', 'engine', 'new.ts'), 'export {};\n');
    expect(compiledCli(added)).toBeNull();
    const removed = checkout();
    build(removed);
    rmSync(join(removed, 'src', 'engine', 'load.ts'));
    expect(compiledCli(removed)).toBeNull();
    expect(compiledCli(checkout())).toBeNull();
  });

  it('dist/ in the package, which ships no sources; nothing without dist/', () => {
    const pkg = checkout();
    rmSync(join(pkg, 'src'), { recursive: true });
    expect(compiledCli(pkg)).toBe(compiledCliPath(pkg));
    rmSync(join(pkg, 'dist'), { recursive: true });
    expect(compiledCli(pkg)).toBeNull();
  });
});
