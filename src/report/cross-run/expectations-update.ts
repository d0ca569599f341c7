// --update-expectations: rewrites only the entries of the cases that ran: a new failure gets an
// entry with a placeholder reason, a listed case that passed loses its entry. Entries of cases
// that did not run, their order and the file's comments stay as they were.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isMap, parseDocument, YAMLMap } from 'yaml';
import type { ReportCase } from '../model/model.js';
import { isBroken } from '../model/groups.js';

const HEADER = `# Cases this server is known to fail, checked by teamchat-conformance --expectations.
# Each entry: reason (why), optional issue (a link) and expires (YYYY-MM-DD, after which it fails the run).
`;

export function placeholderReason(today: string): string {
  return `TODO: explain why this case fails (added by --update-expectations on ${today})`;
}

export function updateExpectationsFile(path: string, cases: ReportCase[], today: string): { added: string[]; removed: string[] } {
  const doc = parseDocument(existsSync(path) ? readFileSync(path, 'utf8') : `${HEADER}expectations: {}\n`);
  let map = doc.get('expectations', true);
  if (!isMap(map)) {
    map = new YAMLMap();
    doc.set('expectations', map);
  }
  const entries = map as YAMLMap;
  // A flow map ({}) grows into a block map, one entry a line.
  entries.flow = false;
  const added: string[] = [];
  const removed: string[] = [];
  for (const c of cases) {
    if (c.status === 'skipped') continue;
    const listed = entries.has(c.id);
    if (isBroken(c) && !listed) {
      entries.set(c.id, doc.createNode({ reason: placeholderReason(today) }));
      added.push(c.id);
    } else if (c.status === 'passed' && listed) {
      entries.delete(c.id);
      removed.push(c.id);
    }
  }
  writeFileSync(path, doc.toString({ lineWidth: 0 }));
  return { added, removed };
}
