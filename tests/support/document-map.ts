// The API document as units a clause can cite: each table row, numbered rule, list item and
// sentence, under the section it stands in. A clause's `source` names one: "§13 row status_text",
// "§1 rule 3", "§13 item no new values passed", "§14 text Messages are deleted in batches".
// § is a numbered operation ("13") or a heading ("Channel object", "Errors"), matched by prefix.
//
// The units are committed as specs/document-map.json with the document's SHA-256, so a clone
// checks its catalog without the document; `npm run document-map -- FILE` writes it anew from a
// copy of the document, and the tests compare the two whenever such a copy is at hand.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { projectPath } from '../../src/common/paths.js';

/** The committed map of the document's units. */
export const DOCUMENT_MAP = projectPath('specs', 'document-map.json');

/**
 * Where a copy of the API document may be found, if anywhere: $TEAMCHAT_API_DOCUMENT, else the
 * place the maintainers keep it beside their checkout. Null where there is none (a clone).
 */
export function documentCopy(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.TEAMCHAT_API_DOCUMENT, projectPath('..', 'shared', 'api', 'team-chat-api.md')];
  return candidates.find((path): path is string => !!path && existsSync(path)) ?? null;
}

export interface DocumentMap {
  /** What the map was made from: the document's SHA-256 and its number of lines. */
  document: { sha256: string; lines: number };
  units: Unit[];
}

/** The map of a document's text. */
export function mapDocument(text: string): DocumentMap {
  return { document: { sha256: createHash('sha256').update(text).digest('hex'), lines: text.split('\n').length }, units: documentUnits(text) };
}

/** The committed map (specs/document-map.json). */
export function committedMap(): DocumentMap {
  return JSON.parse(readFileSync(DOCUMENT_MAP, 'utf8')) as DocumentMap;
}

export type UnitKind = 'row' | 'rule' | 'item' | 'text';

export interface Unit {
  /** "13" for "### 13. Update your status", else the heading without backticks. */
  section: string;
  kind: UnitKind;
  /** What a source names it by: a row's first cell, a rule's number, an item's or sentence's text. */
  key: string;
  /** The whole line or sentence, for messages. */
  text: string;
  line: number;
}

const plain = (text: string) => text.replace(/`/g, '').replace(/\*\*/g, '').trim();

function sectionOf(heading: string): string {
  const numbered = /^(\d+)\.\s/.exec(heading);
  return numbered ? numbered[1] : plain(heading);
}

/** Sentences of a paragraph: split after ". " or "; " before a capital, a code span or bold. */
function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.;])\s+(?=[A-Z`*(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function documentUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let section = '';
  let paragraph: { text: string; line: number } | null = null;
  const flush = () => {
    if (paragraph && section) for (const s of sentences(paragraph.text)) units.push({ section, kind: 'text', key: plain(s), text: s, line: paragraph.line });
    paragraph = null;
  };
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const heading = /^#{2,4}\s+(.*)$/.exec(raw);
    if (heading) {
      flush();
      section = sectionOf(heading[1]);
      return;
    }
    if (!section || raw.trim() === '') {
      flush();
      return;
    }
    const row = /^\|(.*)\|\s*$/.exec(raw);
    if (row) {
      flush();
      const cells = row[1].split('|').map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) return;
      // The header row of a table names columns, not statements.
      const next = text.split('\n')[i + 1] ?? '';
      if (/^\|\s*:?-+/.test(next)) return;
      units.push({ section, kind: 'row', key: plain(cells[0]), text: raw.trim(), line });
      return;
    }
    const rule = /^(\d+)\.\s+(.*)$/.exec(raw);
    if (rule) {
      flush();
      units.push({ section, kind: 'rule', key: rule[1], text: rule[2], line });
      return;
    }
    const item = /^\s*[-*]\s+(.*)$/.exec(raw);
    if (item) {
      flush();
      units.push({ section, kind: 'item', key: plain(item[1]), text: item[1], line });
      return;
    }
    if (paragraph) paragraph.text += ` ${raw.trim()}`;
    else paragraph = { text: raw.trim(), line };
  });
  flush();
  return units;
}

export interface SourceRef {
  section: string;
  kind: UnitKind;
  key: string;
}

/** "§13 row status_text" -> { section: "13", kind: "row", key: "status_text" }. */
export function parseSource(source: string): SourceRef | null {
  const m = /^§(.+?) (row|rule|item|text) (.+)$/.exec(source.trim());
  return m ? { section: m[1].trim(), kind: m[2] as UnitKind, key: plain(m[3]) } : null;
}

/**
 * The units a source names: its section by number or heading prefix, its key by prefix. A key
 * some unit has exactly names only those units ("row Channel" is not also "row Channel folder").
 */
export function resolveSource(ref: SourceRef, units: Unit[]): Unit[] {
  const candidates = units.filter(
    (u) =>
      u.kind === ref.kind &&
      (u.section === ref.section || (!/^\d+$/.test(ref.section) && u.section.startsWith(ref.section))) &&
      (ref.kind === 'rule' ? u.key === ref.key : u.key === ref.key || u.key.startsWith(ref.key)),
  );
  const exact = candidates.filter((u) => u.key === ref.key);
  return exact.length ? exact : candidates;
}
