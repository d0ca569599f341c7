// `npm run document-map -- FILE`: writes specs/document-map.json from a copy of the API document
// (FILE, else $TEAMCHAT_API_DOCUMENT, else the copy beside the checkout). Run it when the
// document changes, then let `npx vitest run tests/unit/document-map.test.ts` list what the
// clause catalog does not cite yet.
import { readFileSync, writeFileSync } from 'node:fs';
import { DOCUMENT_MAP, documentCopy, mapDocument } from '../tests/support/document-map.js';

const file = process.argv[2] ?? documentCopy();
if (!file) {
  console.error('document-map: name the API document: npm run document-map -- path/to/team-chat-api.md');
  process.exit(2);
}
const map = mapDocument(readFileSync(file, 'utf8'));
writeFileSync(DOCUMENT_MAP, `${JSON.stringify(map, null, 1)}\n`);
console.log(`${DOCUMENT_MAP}: ${map.units.length} units of ${file} (sha256 ${map.document.sha256.slice(0, 12)}...)`);
