// The coverage tables of docs/coverage.md: for each profile, what the catalog's clauses would show in a
// run against the embedded reference server, computed from specs/proven-cases.json (a clause
// is tested when a case proven to catch a server breaking it runs under that profile). Written
// by `npm run proofs`, checked by tests/report/coverage-page.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Profile } from '../../src/common/vocabulary.js';
import { loadCatalog, loadFacts } from '../../src/engine/load/load.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import { projectPath } from '../../src/common/paths.js';
import { coverageByOperation, coverageMarkdown, type OperationCoverage } from '../../src/report/model/coverage.js';
import { clauseEntries } from '../../src/report/model/model.js';
import { loadProofs, provenCases, type ProofsFile } from '../../src/report/model/proofs.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { kindCoverage } from './kind-coverage.js';
import { attributionLine } from './attribution.js';
import { memberCoverage } from './member-coverage.js';

export const COVERAGE_PAGE = projectPath('docs', 'coverage.md');
const START = '<!-- coverage:start -->';
const END = '<!-- coverage:end -->';

/** Every proven case, as if it ran and passed: the reference server passes them all. */
function provenRuns(proofs: ProofsFile, profile: Profile): CaseResult[] {
  const ids = new Set([...Object.values(proofs.cases), ...Object.values(proofs.properties)].flatMap((byProfile) => byProfile[profile] ?? []));
  return [...ids].map((id) => ({ id, clauses: [], status: 'passed' }) as unknown as CaseResult);
}

export function coverageUnder(profile: Profile, proofs = loadProofs()): OperationCoverage[] {
  const clauses = clauseEntries(loadCatalog(), provenRuns(proofs, profile), profile, proofs);
  return coverageByOperation({ clauses, target: { profile } as never });
}

function withTotal(rows: OperationCoverage[]): OperationCoverage[] {
  const total = { ...rows[0], operation: '**all**' };
  for (const key of Object.keys(total) as (keyof OperationCoverage)[]) {
    if (key !== 'operation') total[key] = rows.reduce((sum, r) => sum + r[key], 0);
  }
  return [...rows, total];
}

/**
 * Per statement kind: its clauses, the checkable ones (not "not shown", not untestable), those
 * its generic check reaches through the spec files, those a mutant of the kind was seen to catch
 * (specs/proven-cases.json `kinds`), and how many mutants of the kind did.
 */
export function kindsTable(proofs = loadProofs()): string[] {
  const rows = kindCoverage(loadSuite()).map((k) => {
    const proven = k.checkable.filter((c) => proofs.kinds?.[c.id]?.length).length;
    const mutants = new Set(k.clauses.flatMap((c) => proofs.kinds?.[c.id] ?? [])).size;
    const events = k.events.places.length ? `${k.events.covered.length} / ${k.events.places.length}` : '-';
    return `| ${k.kind} | ${k.clauses.length} | ${k.checkable.length} | ${k.covered.size} | ${proven} | ${mutants} | ${events} |`;
  });
  return [
    '| kind | clauses | checkable | covered by its generic check | proven by a mutant of the kind | mutants | places in events covered |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...rows,
  ];
}

/**
 * Per clause about a set: the profile it belongs to, what its members are, how many, how many a
 * case exercises, how many a mutant breaking that member alone proves, and how many no server
 * can show; the last row sums them.
 */
export function setsTable(proofs = loadProofs()): string[] {
  const rows = memberCoverage(loadSuite(), proofs);
  const count = (k: (typeof rows)[number]) => [k.members.length, k.exercised.size, k.proven.size, Object.keys(k.unshown).length];
  const total = rows.map(count).reduce((sum, r) => sum.map((n, i) => n + r[i]), [0, 0, 0, 0]);
  return [
    '| clause | profile | members of | members | exercised | proven | no server can show |',
    '|---|---|---|--:|--:|--:|--:|',
    ...rows.map((k) => `| \`${k.clause.id}\` | ${k.profile} | ${k.clause.members!.of} | ${count(k).join(' | ')} |`),
    `| **all** (${rows.length} clauses) | | | ${total.join(' | ')} |`,
  ];
}

export function coverageBlock(proofs = loadProofs()): string {
  const facts = loadFacts();
  const provenFacts = facts.filter((f) => provenCases(proofs, f.id, 'zulip').length > 0).length;
  return [
    START,
    '',
    '**Profile spec** (what the API document states):',
    '',
    ...coverageMarkdown(withTotal(coverageUnder('spec', proofs))),
    '',
    "**Profile zulip** (the document and the Zulip server's behaviour):",
    '',
    ...coverageMarkdown(withTotal(coverageUnder('zulip', proofs))),
    '',
    `Zulip facts (\`specs/zulip-facts.yaml\`): ${facts.length} catalogued, ${provenFacts} proven by a case that fails when a server breaks them.`,
    '',
    '**Statement kinds** (`kind` in `specs/clauses.yaml`; see [Statement kinds](#statement-kinds)):',
    '',
    ...kindsTable(proofs),
    '',
    ...(proofs.attribution ? [`**Attribution** (every mutant alone; see [Attribution](#attribution)): ${attributionLine(proofs.attribution)}.`, ''] : []),
    '**Clauses about a set** (`members` in `specs/clauses.yaml`; see [Members of a set](#members-of-a-set)):',
    '',
    ...setsTable(proofs),
    '',
    END,
  ].join('\n');
}

/** The page with its coverage block replaced by the current one. */
export function withCoverage(page: string, block = coverageBlock()): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/coverage.md has no ${START} … ${END} block`);
  return page.slice(0, start) + block + page.slice(end + END.length);
}

export function writeCoveragePage(): void {
  const before = readFileSync(COVERAGE_PAGE, 'utf8');
  const after = withCoverage(before);
  if (after !== before) writeFileSync(COVERAGE_PAGE, after);
}
