// `npm run members`: writes into specs/clauses.yaml the members of every clause about a set whose
// `members.from` names where the API document lists them (a table, a list, a row's values), from
// the committed document map (specs/document-map.json): only each clause's `names:` line changes.
// Run it after `npm run document-map`; tests/unit/set-members.test.ts fails until it is run.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { projectPath } from '../src/common/paths.js';
import { committedMap } from '../tests/support/document-map.js';
import { membersFrom, withMemberNames } from '../tests/support/set-members-source.js';

const file = projectPath('specs', 'clauses.yaml');
let text = readFileSync(file, 'utf8');
const { clauses } = parse(text) as { clauses: { id: string; members?: { from?: string | string[] } }[] };
const units = committedMap().units;
let written = 0;
for (const c of clauses) {
  if (!c.members?.from) continue;
  text = withMemberNames(text, c.id, membersFrom(c.members.from, units));
  written += 1;
}
writeFileSync(file, text);
console.log(`${file}: the members of ${written} clauses, from the document map`);
