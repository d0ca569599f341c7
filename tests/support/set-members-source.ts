// The members of a clause about a set, as the API document lists them: the cells of one of a
// section's tables ("§Channel object table 1", "§User roles table 1 column 2"), or the list
// after the last colon of a unit a source names ("§1 rule 4": the seven settings; "§5 text
// Accepted, with the same types": the parameters, with "all enable_* ... of operation 2 except A
// and B" read as what it says), or the values a table row allows ("§2 row color_scheme": 1, 2,
// 3). Read from the committed document map (specs/document-map.json), so a clone needs no copy
// of the document. tests/unit/set-members.test.ts compares the catalog's `names` with these;
// `npm run members` writes them into specs/clauses.yaml.
import { parseSource, resolveSource, type Unit } from './document-map.js';

const cellsOf = (row: string) =>
  row
    .replace(/^\s*\|/, '')
    .replace(/\|\s*$/, '')
    .split('|')
    .map((c) => c.trim());
const plain = (text: string) => text.replace(/`/g, '').trim();
/** A path parameter's row ("integer, path, req"): not a parameter a request may send or leave out. */
const isPathRow = (cells: string[]) => cells.slice(1).some((cell) => cell.split(/,\s*/).includes('path'));

/** The units of a section, by its number or heading prefix (as a source names it). */
function sectionUnits(section: string, units: Unit[]): Unit[] {
  const exact = units.filter((u) => u.section === section);
  return exact.length || /^\d+$/.test(section) ? exact : units.filter((u) => u.section.startsWith(section));
}

/** The rows of a section's n-th table (1-based): rows on consecutive lines are one table. */
export function tableRows(section: string, n: number, units: Unit[]): Unit[] {
  const tables: Unit[][] = [];
  for (const row of sectionUnits(section, units).filter((u) => u.kind === 'row')) {
    const last = tables.at(-1);
    if (last && last.at(-1)!.line === row.line - 1) last.push(row);
    else tables.push([row]);
  }
  const table = tables[n - 1];
  if (!table) throw new Error(`§${section} has no table ${n} (${tables.length} tables)`);
  return table;
}

/**
 * The names a table gives: each row's cell of that column (the first by default; a cell listing
 * several, comma-separated, gives each); path parameters left out.
 */
function tableNames(section: string, n: number, units: Unit[], column = 1): string[] {
  return tableRows(section, n, units)
    .map((row) => cellsOf(row.text))
    .filter((cells) => !isPathRow(cells))
    .flatMap((cells) => plain(cells[column - 1] ?? '').split(/,\s*/));
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
/** "all enable_* notification parameters of operation 2 except enable_marketing_emails and enable_login_emails" */
const PATTERN = /^all ([a-z_]+)\* .*? of operation (\d+)(?: except (.+))?$/;

/** The names a unit's list gives: the items after its last colon, each an identifier or an "all <prefix>* ... of operation N except ..." pattern. */
function listNames(unit: Unit, units: Unit[]): string[] {
  const list = plain(unit.text.slice(unit.text.lastIndexOf(': ') + 2)).replace(/\.$/, '');
  return list.split(/,\s*/).flatMap((item) => {
    if (IDENTIFIER.test(item)) return [item];
    const pattern = PATTERN.exec(item);
    if (!pattern)
      throw new Error(
        `§${unit.section} ${unit.kind} "${unit.key.slice(0, 40)}...": the item "${item}" is neither a name nor "all <prefix>* ... of operation N"`,
      );
    const [, prefix, op, except] = pattern;
    const excepted = new Set((except ?? '').split(/\s+and\s+|,\s*/).filter(Boolean));
    return tableNames(op, 1, units).filter((name) => name.startsWith(prefix) && !excepted.has(name));
  });
}

/** The values a table row allows: the code spans of its last cell, or else every integer in it ("1 automatic, 2 dark, 3 light"). */
function rowValues(unit: Unit): string[] {
  const cell = cellsOf(unit.text).at(-1) ?? '';
  const spans = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const values = spans.length ? spans : [...cell.matchAll(/\b\d+\b/g)].map((m) => m[0]);
  if (!values.length) throw new Error(`§${unit.section} row ${unit.key}: its last cell names no values`);
  return values;
}

/** The members the document lists at `from` ("§<section> table <n>", or a source naming one unit), in its order, each once. */
export function membersFrom(from: string | readonly string[], units: Unit[]): string[] {
  const names = [from].flat().flatMap((ref) => {
    const table = /^§(.+?) table (\d+)(?: column (\d+))?$/.exec(ref.trim());
    if (table) return tableNames(table[1], Number(table[2]), units, table[3] ? Number(table[3]) : 1);
    const source = parseSource(ref);
    const hits = source ? resolveSource(source, units) : [];
    if (hits.length !== 1) throw new Error(`members from "${ref}": names ${hits.length} units of the document, not one`);
    return hits[0].kind === 'row' ? rowValues(hits[0]) : listNames(hits[0], units);
  });
  return [...new Set(names)];
}

/**
 * The catalog's text with the `names:` line of a clause's members set to `names` (one flow
 * list, on the line it had): only that line changes, so the hand-laid file keeps its layout.
 */
export function withMemberNames(catalog: string, id: string, names: readonly string[]): string {
  const lines = catalog.split('\n');
  const start = lines.findIndex((l) => l.trim() === `- id: ${id}`);
  if (start < 0) throw new Error(`no clause ${id} in the catalog`);
  const end = lines.findIndex((l, i) => i > start && /^\s*- id: /.test(l));
  const at = lines.findIndex((l, i) => i > start && (end < 0 || i < end) && /^\s+names: \[/.test(l));
  if (at < 0) throw new Error(`clause ${id} has no members names line`);
  lines[at] = `${lines[at].slice(0, lines[at].indexOf('names:'))}names: [${names.join(', ')}]`;
  return lines.join('\n');
}
