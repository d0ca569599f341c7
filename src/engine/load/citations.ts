// What a case cites must match what it checks: every clause a check names is one the case
// cites, every fact exists, and (strictly) every cited clause is enforced by some check, every
// judged step of a multi-clause case says which clause it checks, and every zulip-profile
// expectation names the facts it rests on. A citation that no check backs is a claim the
// report cannot keep.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { responseSchemaFiles } from './schema-files.js';
import { projectPath } from '../../common/paths.js';
import type { Case, Expect, Step } from './types.js';

export interface CitationProblem {
  /** JSON pointer below the case ("steps/2/expect"), "" for the case itself. */
  at: string;
  message: string;
}

export interface CitationRules {
  facts: boolean;
  attribution: boolean;
}

let schemaClauseCache: Map<string, Set<string>> | null = null;

/** Every clause a response schema of dir annotates with x-clause, following its $refs. */
export function schemaClauses(name: string, dir = projectPath('schemas')): Set<string> {
  if (!schemaClauseCache) schemaClauseCache = new Map();
  const key = `${dir}\0${name}`;
  const cached = schemaClauseCache.get(key);
  if (cached) return cached;
  const byId = new Map<string, unknown>();
  // Stryker disable next-line StringLiteral,Regex: equivalent: without 'utf8' JSON.parse reads the Buffer the same; the names end in .schema.json, once
  for (const file of responseSchemaFiles(dir)) byId.set(file.replace(/\.schema\.json$/, ''), JSON.parse(readFileSync(join(dir, file), 'utf8')));
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-clause') for (const id of [value].flat()) found.add(id as string);
      else if (key === '$ref' && typeof value === 'string') {
        const target = /((?:[\w-]+\/)?[\w-]+)\.schema\.json/.exec(value);
        if (target) walk(byId.get(target[1]));
      } else walk(value);
    }
  };
  walk(byId.get(name));
  schemaClauseCache.set(key, found);
  return found;
}

/** The clauses a step's checks enforce by name (its own, its assertions', its schema's). */
function namedClauses(expect: Omit<Expect, 'zulip'> | undefined): string[] {
  if (!expect) return [];
  return [
    ...(expect.clauses ?? []),
    ...(expect.clause ? [expect.clause] : []),
    ...(expect.body ?? []).flatMap((a) => (typeof a.clause === 'string' ? [a.clause] : [])),
    ...(expect.ignoredParams ? ['conv.ignored-params'] : []),
  ];
}

function isAttributed(step: Step): boolean {
  const e = step.expect;
  if (!e || step.setup) return true;
  if (e.clause || e.clauses) return true;
  // A step that only asserts body paths, each naming its clause, is attributed too.
  return (
    !e.result &&
    !e.code &&
    !e.status &&
    !e.schema &&
    !e.zulip &&
    !e.ignoredParams &&
    Boolean(e.body?.length) &&
    e.body!.every((a) => typeof a.clause === 'string')
  );
}

/**
 * `readBack`: the not-affected clauses (with the data of their generic check) whose change a step
 * of the case makes: the engine reads them back around it, so they are enforced without a step
 * naming them.
 */
export function citationProblems(
  c: Case,
  clauses: ReadonlySet<string>,
  facts: ReadonlySet<string>,
  rules: CitationRules,
  readBack: ReadonlySet<string> = new Set(),
): CitationProblem[] {
  const problems: CitationProblem[] = [];
  const cited = new Set(c.clauses);
  // Stryker disable next-line ArrayDeclaration: equivalent: "Stryker was here" is no fact a check rests on
  const listedFacts = new Set(c.facts ?? []);
  const steps = c.steps.map((step, i) => ({ step, at: `steps/${i}` }));
  (c.facts ?? []).forEach((id, i) => {
    if (!facts.has(id)) problems.push({ at: `facts/${i}`, message: `unknown fact "${id}" (not in zulip-facts.yaml)` });
  });
  for (const { step, at } of steps) {
    for (const id of [...namedClauses(step.expect), ...namedClauses(step.expect?.zulip)]) {
      if (!clauses.has(id)) problems.push({ at: `${at}/expect`, message: `unknown clause "${id}" (not in clauses.yaml)` });
      else if (!cited.has(id) && !id.startsWith('conv.')) problems.push({ at: `${at}/expect`, message: `checks clause "${id}", which the case does not cite` });
    }
    for (const id of step.expect?.zulip?.facts ?? []) {
      if (!facts.has(id)) problems.push({ at: `${at}/expect/zulip/facts`, message: `unknown fact "${id}" (not in zulip-facts.yaml)` });
      else if (!listedFacts.has(id))
        problems.push({ at: `${at}/expect/zulip/facts`, message: `rests on fact "${id}", which the case does not list in facts:` });
    }
    // An assertion naming its own facts: each one the case lists (so the fact is checked where it is
    // cited), and only where the zulip profile judges it (facts are not what a spec check rests on).
    const assertions = [...(step.expect?.body ?? []), ...(step.expect?.zulip?.body ?? []), ...(step.events?.expect ?? []).flatMap((e) => e.body ?? [])];
    for (const id of assertions.flatMap((a) => a.facts ?? []))
      if (!listedFacts.has(id)) problems.push({ at: `${at}/expect`, message: `an assertion rests on fact "${id}", which the case does not list in facts:` });
    if (c.profile !== 'zulip' && step.expect?.body?.some((a) => a.facts))
      problems.push({ at: `${at}/expect/body`, message: "an assertion names facts, but the spec profile judges it: put it in the step's zulip: block" });
  }
  // The event queue is not shown by the document: reading it is the zulip profile's.
  c.steps.forEach((s, i) => {
    if ((s.events || s.queue) && c.profile !== 'zulip')
      problems.push({ at: `steps/${i}`, message: 'reads the event queue, which the document does not show: the case must be profile: zulip' });
    // Stryker disable next-line ArrayDeclaration: equivalent: a string in place of an expectation has no clause or facts
    for (const e of s.events?.expect ?? []) {
      if (e.clause && !cited.has(e.clause)) problems.push({ at: `steps/${i}/events`, message: `checks clause "${e.clause}", which the case does not cite` });
      for (const id of e.facts ?? [])
        if (!listedFacts.has(id)) problems.push({ at: `steps/${i}/events`, message: `rests on fact "${id}", which the case does not list in facts:` });
    }
  });
  const zulipChecks = c.profile === 'zulip' || c.steps.some((s) => s.expect?.zulip);
  if (rules.facts && zulipChecks && !c.facts?.length) {
    problems.push({ at: '', message: 'has zulip-profile checks but names no facts: list the Zulip facts they rest on in facts: [...]' });
  }
  if (!rules.attribution) return problems;
  if (c.clauses.length > 1) {
    for (const { step, at } of steps) {
      if (!isAttributed(step))
        problems.push({
          at,
          message: 'which clause does this step check? The case cites several: add clause: (or clauses:) to its expect, or mark it setup: true',
        });
    }
  }
  // Stryker disable next-line ArrayDeclaration: equivalent: "Stryker was here" is no clause a case cites
  const enforced = new Set([...(c.clauses.length === 1 ? c.clauses : []), ...readBack]);
  for (const { step } of steps) {
    if (step.setup) continue;
    for (const id of [...namedClauses(step.expect), ...namedClauses(step.expect?.zulip)]) enforced.add(id);
    for (const name of [step.expect?.schema, step.expect?.zulip?.schema]) if (name) for (const id of schemaClauses(name)) enforced.add(id);
    // Stryker disable next-line ArrayDeclaration: equivalent: a string in place of an expectation has no clause or schema
    for (const e of step.events?.expect ?? []) {
      for (const id of [e.clause, ...(e.body ?? []).map((a) => a.clause)]) if (typeof id === 'string') enforced.add(id);
      if (e.schema) for (const id of schemaClauses(e.schema)) enforced.add(id);
    }
  }
  for (const id of c.clauses) {
    if (!enforced.has(id))
      problems.push({
        at: 'clauses',
        message: `cites "${id}", but no check of the case enforces it (name it in a step's clause:, an assertion's clause:, or a schema's x-clause)`,
      });
  }
  return problems;
}
