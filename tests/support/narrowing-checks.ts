// The spec-profile checks that narrow what a correct server may answer more than a value does:
// a field required absent, a rendering required in a given markup, one error code required where
// an answer could carry another. Each must rest on a sentence of the API document: one saying
// "only" or "never" for an absence or a rendering, one naming the code for a code.
// tests/unit/narrowing-checks.test.ts holds every spec file to that.
import type { Suite } from '../../src/engine/load/load.js';
import type { Assertion, Case, Step } from '../../src/engine/load/types.js';
import { committedMap, parseSource, resolveSource, type Unit } from './document-map.js';

export type NarrowingKind = 'absent' | 'rendering' | 'code';

export interface NarrowingCheck {
  kind: NarrowingKind;
  /** "op15.unedited step 2" */
  where: string;
  /** "message_history[0].prev_content absent", "code BAD_REQUEST" */
  what: string;
  clauses: string[];
  /** The codes a code check requires (one, or those of a oneOf). */
  codes: string[];
  /** The document's sentences the clauses cite. */
  sentences: string[];
}

/** HTML markup in an expected string. */
const MARKUP = /<[a-z][^>]*>/i;

/** The clauses a check enforces: its own, else its step's, else the case's only one. */
function clausesOf(c: Case, step: Step, assertion?: Assertion): string[] {
  if (typeof assertion?.clause === 'string') return [assertion.clause];
  const e = step.expect!;
  if (e.clause) return [e.clause];
  if (e.clauses) return e.clauses;
  return c.clauses.length === 1 ? c.clauses : [];
}

/**
 * A unit's sentences: its own, and for an item of a list the sentence introducing the list (the
 * text before it ending in ":"), which an item is read with ("BAD_REQUEST cases:").
 */
function sentencesOf(units: readonly Unit[], unit: Unit): string[] {
  if (unit.kind !== 'item') return [unit.text];
  const lead = units.filter((u) => u.section === unit.section && u.kind === 'text' && u.line < unit.line && u.text.endsWith(':')).at(-1);
  return lead ? [lead.text, unit.text] : [unit.text];
}

export function narrowingChecks(suite: Suite): NarrowingCheck[] {
  const units = committedMap().units;
  const sources = new Map(suite.clauses.map((c) => [c.id, [c.source ?? []].flat()]));
  const sentences = (ids: string[]) => [
    ...new Set(
      ids.flatMap((id) =>
        (sources.get(id) ?? []).flatMap((source) => {
          const ref = parseSource(source);
          return ref ? resolveSource(ref, units).flatMap((u) => sentencesOf(units, u)) : [];
        }),
      ),
    ),
  ];
  const out: NarrowingCheck[] = [];
  for (const spec of suite.specs) {
    for (const c of spec.cases.filter((k) => k.profile !== 'zulip')) {
      c.steps.forEach((step, i) => {
        const e = step.expect;
        if (!e) return;
        const where = `${c.id} step ${i + 1}`;
        const add = (kind: NarrowingKind, what: string, clauses: string[], codes: string[] = []) =>
          out.push({ kind, where, what, clauses, codes, sentences: sentences(clauses) });
        if (e.code) add('code', `code ${e.code}`, clausesOf(c, step), [e.code]);
        for (const a of e.body ?? []) {
          if (a.exists === false) add('absent', `${a.path} absent`, clausesOf(c, step, a));
          if (a.path === 'code' && (a.equals !== undefined || a.oneOf !== undefined)) {
            const codes = [a.equals ?? a.oneOf].flat().map(String);
            add('code', `code ${codes.join(' or ')}`, clausesOf(c, step, a), codes);
          }
          const markup = [a.equals, a.matches, a.includes].find((v): v is string => typeof v === 'string' && MARKUP.test(v));
          if (markup) add('rendering', `${a.path} ${markup}`, clausesOf(c, step, a));
        }
      });
    }
  }
  return out;
}

const ONLY = /\b(only|never)\b/i;

/**
 * The sentence a check rests on: for a code, one naming each code it requires (the first such);
 * else one saying "only" or "never", the one naming the field if any does. Null where none does.
 */
export function sentenceOf(check: NarrowingCheck): string | null {
  if (check.kind === 'code') {
    const named = check.codes.map((code) => check.sentences.find((s) => s.includes(code)));
    return named.every((s) => s !== undefined) ? [...new Set(named)].join(' / ') : null;
  }
  const field = check.what.split(' ')[0].split('.').at(-1)!.replace(/\[.*$/, '');
  const said = check.sentences.filter((s) => ONLY.test(s));
  return said.find((s) => new RegExp(`\\b${field}\\b`).test(s)) ?? said[0] ?? null;
}
