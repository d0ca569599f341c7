// Loads the spec files, the clause catalog, the facts and the created resources, validated, cross-checked, with file:line errors.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { displayPath, projectPath } from '../../common/paths.js';
import { parseYaml, SpecError, type YamlSource } from './yaml-source.js';
import { validateSource } from './validate.js';
import { cached } from './suite-cache.js';
import type { Case, SpecFile, Step } from './types.js';
import { citationProblems } from './citations.js';
import { expandEventStepsOf } from './event-steps.js';
import { markRetiredFacts } from './retired-facts.js';
import { loadCreatedResources, RESOURCES_FILE, type CreatedResource } from './created-resources.js';
import { CHANGES_FILE, parseChangeDeclarations, type ChangeDeclaration } from './changed-settings.js';
import { kindProblems, type KindedClause } from './statement-kinds.js';
import { loadOrganisationSettings, ORGANISATION_SETTINGS_FILE, resolveNeeds, type OrganisationSetting } from './organisation-settings.js';
import { memberProblems, type MemberSpec } from './set-members.js';

/** A statement of the API document; its kind fields (KindedClause) drive the generic checks. */
export interface Clause extends KindedClause {
  id: string;
  endpoint: string;
  section?: string;
  text: string;
  since?: number;
  status?: 'unspecified';
  disputed?: string;
  /**
   * Why the document gives no way to observe this (its reads or events are "not shown"), so the
   * spec profile cannot check it and lists it as unspecified; the zulip profile checks it.
   */
  unobservableUnderSpec?: string;
  /** For a disputed clause: the Zulip facts on the server's side. */
  facts?: string[];
  /** Why no client can observe it on any server (client-side behaviour, a condition no request brings about). */
  untestable?: string;
  /** Where the document leaves a choice open: what the variant realm chooses, or why no server can vary it. */
  variant?: string;
  /** Where the document states it ("§13 row status_text"): see tests/unit/document-map.test.ts. */
  source?: string | string[];
  /** A clause about a set: its members, each exercised and proven on its own (set-members.ts). */
  members?: MemberSpec;
}

/** A behaviour of the Zulip server the zulip profile relies on, with evidence from its source. */
export interface Fact {
  id: string;
  statement: string;
  evidence: { path: string; symbol: string; note?: string }[];
  featureLevel: number;
  commit?: string;
  /** The last feature level at which the Zulip server behaves so (a later level removed the field, changed the behaviour). */
  until?: number;
}

export const CATALOG_FILE = 'clauses.yaml';
export const FACTS_FILE = 'zulip-facts.yaml';
/** Zulip's changelog against the reference server's level tables: read by the suite's own tests, not a spec file. */
export const CROSSWALK_FILE = 'level-crosswalk.yaml';

/**
 * How strictly the loader holds cases to their citations. `facts`: every zulip-profile
 * expectation names the facts it rests on. `attribution`: in a case citing several clauses,
 * every judged step says which clause its checks enforce (or is a `setup` step), and every
 * cited clause is enforced by some check. Both hold for the project's specs; a test may load a
 * directory of its own with other rules.
 */
export interface Strictness {
  facts: boolean;
  attribution: boolean;
}
export const STRICTNESS: Strictness = { facts: true, attribution: true };

export function loadSpecFile(path: string, text = readFileSync(path, 'utf8')): SpecFile {
  return parseSpecFile(path, text).spec;
}

function parseSpecFile(path: string, text: string): { spec: SpecFile; source: YamlSource } {
  const file = displayPath(path);
  const source = parseYaml(file, text);
  validateSource(source, 'spec-file.schema.json');
  return { spec: withCaller(expandEventStepsOf({ ...(source.data as Omit<SpecFile, 'file'>), file })), source };
}

/**
 * Every step without its own `as` calls as the file's `caller`. After the event steps are
 * expanded: an events step without `as` has taken its queue's account by then.
 */
function withCaller(spec: SpecFile): SpecFile {
  const caller = spec.caller;
  if (!caller) return spec;
  const fill = (steps: Step[]) => steps.map((step) => (step.as === undefined ? { ...step, as: caller } : step));
  return {
    ...spec,
    ...(spec.fixtures && { fixtures: fill(spec.fixtures) }),
    ...(spec.cleanup && { cleanup: fill(spec.cleanup) }),
    cases: spec.cases.map((c) => ({
      ...c,
      ...(c.assume && { assume: fill(c.assume) }),
      steps: fill(c.steps),
      ...(c.cleanup && { cleanup: fill(c.cleanup) }),
    })),
  };
}

export function loadCatalog(path = projectPath('specs', CATALOG_FILE)): Clause[] {
  const source = parseYaml(displayPath(path), readFileSync(path, 'utf8'));
  validateSource(source, 'clause-catalog.schema.json');
  const clauses = (source.data as { clauses: Clause[] }).clauses;
  const seen = new Set<string>();
  clauses.forEach((clause, i) => {
    if (seen.has(clause.id)) {
      throw new SpecError(source.file, source.lineOf(`/clauses/${i}/id`), `clauses[${i}].id`, `duplicate clause id "${clause.id}"`);
    }
    seen.add(clause.id);
  });
  return clauses;
}

export function loadFacts(path = projectPath('specs', FACTS_FILE)): Fact[] {
  const source = parseYaml(displayPath(path), readFileSync(path, 'utf8'));
  validateSource(source, 'zulip-facts.schema.json');
  const facts = (source.data as { facts: Fact[] | null }).facts ?? [];
  const seen = new Set<string>();
  facts.forEach((fact, i) => {
    if (seen.has(fact.id)) throw new SpecError(source.file, source.lineOf(`/facts/${i}/id`), `facts[${i}].id`, `duplicate fact id "${fact.id}"`);
    if (fact.until !== undefined && fact.until < fact.featureLevel) {
      throw new SpecError(
        source.file,
        source.lineOf(`/facts/${i}/until`),
        `facts[${i}].until`,
        `${fact.until} is before the level read (featureLevel ${fact.featureLevel})`,
      );
    }
    seen.add(fact.id);
  });
  return facts;
}

export interface Suite {
  specs: SpecFile[];
  clauses: Clause[];
  facts: Fact[];
  /** What the suite creates and how each is undone (specs/created-resources.yaml), for the ledger. */
  resources: CreatedResource[];
  /** The organisation settings cases may need (specs/organisation-settings.yaml). */
  settings: OrganisationSetting[];
  /** What the suite changes of what existed before a run, and how each is put back (specs/changed-settings.yaml). */
  changes: ChangeDeclaration[];
}

/** Every spec file of a directory, plus the catalog; case ids unique, every cited clause known. */
export function loadSuite(dir = projectPath('specs'), strictness = STRICTNESS): Suite {
  // The project's own specs are cached once validated (suite-cache.ts); other directories are
  // the loader's tests and always parsed.
  return dir === projectPath('specs') ? cached(dir, () => parseSuite(dir, strictness)) : parseSuite(dir, strictness);
}

function parseSuite(dir: string, strictness: Strictness): Suite {
  const clauses = loadCatalog(join(dir, CATALOG_FILE));
  const facts = existsSync(join(dir, FACTS_FILE)) ? loadFacts(join(dir, FACTS_FILE)) : [];
  const resources = existsSync(join(dir, RESOURCES_FILE)) ? loadCreatedResources(join(dir, RESOURCES_FILE)) : [];
  const settings = existsSync(join(dir, ORGANISATION_SETTINGS_FILE)) ? loadOrganisationSettings(join(dir, ORGANISATION_SETTINGS_FILE)) : [];
  const changesPath = join(dir, CHANGES_FILE);
  const changes = existsSync(changesPath)
    ? parseChangeDeclarations(displayPath(changesPath), readFileSync(changesPath, 'utf8'), new Set(resources.map((r) => r.kind)))
    : [];
  const known = new Set(clauses.map((c) => c.id));
  const knownFacts = new Set(facts.map((f) => f.id));
  const catalogFile = displayPath(join(dir, CATALOG_FILE));
  settings.forEach((setting, i) => {
    const unknown = setting.clauses.find((id) => !known.has(id));
    if (unknown)
      throw new SpecError(
        displayPath(join(dir, ORGANISATION_SETTINGS_FILE)),
        null,
        `settings[${i}].clauses`,
        `unknown clause "${unknown}" (not in ${CATALOG_FILE})`,
      );
  });
  clauses.forEach((clause, i) => {
    const unknown = clause.facts?.find((id) => !knownFacts.has(id));
    if (unknown) throw new SpecError(catalogFile, null, `clauses[${i}].facts`, `unknown fact "${unknown}" (not in ${FACTS_FILE})`);
    if (strictness.facts && clause.disputed && !clause.facts?.length) {
      throw new SpecError(catalogFile, null, `clauses[${i}]`, `disputed clause "${clause.id}" names no facts: cite the Zulip facts on the server's side`);
    }
  });
  // The not-affected clauses of a file's operation are read back by the engine around each change
  // its cases make (a step of that method, not setup): they need no step naming them.
  const readBackClauses = new Map<string, string[]>();
  for (const clause of clauses) if (clause.readBack) readBackClauses.set(clause.endpoint, [...(readBackClauses.get(clause.endpoint) ?? []), clause.id]);
  const readBackOf = (spec: SpecFile, c: Case) => {
    const method = spec.operation.split(' ')[0];
    const changes = c.steps.some((step) => !step.setup && !step.events && step.request?.method === method);
    return new Set(changes ? (readBackClauses.get(spec.operation) ?? []).filter((id) => c.clauses.includes(id)) : []);
  };
  const unobservable = new Set(clauses.filter((c) => c.unobservableUnderSpec !== undefined).map((c) => c.id));
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.yaml') && ![CATALOG_FILE, FACTS_FILE, RESOURCES_FILE, ORGANISATION_SETTINGS_FILE, CHANGES_FILE, CROSSWALK_FILE].includes(n))
    .sort();
  const specs: SpecFile[] = [];
  const caseIds = new Map<string, string>();
  for (const name of names) {
    const path = join(dir, name);
    const { spec, source } = parseSpecFile(path, readFileSync(path, 'utf8'));
    const changed = settingsChanged([...(spec.fixtures ?? []), ...(spec.cleanup ?? [])], settings);
    if (changed.length)
      throw new SpecError(
        spec.file,
        source.lineOf('/fixtures'),
        'fixtures',
        `changes the organisation setting ${changed[0]}: declare it as a case's need (needs:), or change and restore it in the case's own steps`,
      );
    spec.cases.forEach((c, i) => {
      const where = (field: string) => source.lineOf(`/cases/${i}/${field}`);
      const needs = resolveNeeds(settings, spec.needs, c.needs);
      if (typeof needs === 'string') throw new SpecError(spec.file, where('needs') ?? source.lineOf('/needs'), `cases[${i}].needs`, needs);
      if (needs.length) c.settingNeeds = needs;
      const changes = settingsChanged([...(c.assume ?? []), ...c.steps, ...(c.cleanup ?? [])], settings);
      if (changes.length) c.settingChanges = changes;
      const other = caseIds.get(c.id);
      if (other) throw new SpecError(spec.file, where('id'), `cases[${i}].id`, `duplicate case id "${c.id}" (also in ${other})`);
      caseIds.set(c.id, spec.file);
      c.clauses.forEach((clause, j) => {
        if (!known.has(clause)) {
          throw new SpecError(spec.file, where(`clauses/${j}`), `cases[${i}].clauses[${j}]`, `unknown clause "${clause}" (not in ${CATALOG_FILE})`);
        }
      });
      for (const problem of citationProblems(c, known, knownFacts, strictness, readBackOf(spec, c))) {
        throw new SpecError(
          spec.file,
          where(problem.at),
          `cases[${i}]${problem.at ? `.${problem.at.replace(/\/(\d+)/g, '[$1]').replace(/\//g, '.')}` : ''}`,
          problem.message,
        );
      }
    });
    specs.push(withUnobservable(spec, unobservable));
  }
  const everyParameter = parametersByOperation(specs);
  const wrongKind = kindProblems(clauses, everyParameter, new Set(resources.map((r) => r.kind)), knownFacts);
  if (wrongKind.length) throw new SpecError(catalogFile, null, 'clauses', wrongKind[0]);
  const wrongMembers = memberProblems(clauses, known, knownFacts);
  if (wrongMembers.length) throw new SpecError(catalogFile, null, 'clauses', wrongMembers[0]);
  return { specs: markRetiredFacts(specs, facts), clauses, facts, resources, settings, changes };
}

/** The catalog's settings the steps send to PATCH /realm: what they change organisation-wide. */
export function settingsChanged(steps: readonly Step[], settings: readonly OrganisationSetting[]): string[] {
  const names = new Set(settings.map((s) => s.name));
  const sent = steps.filter((s) => s.request?.method === 'PATCH' && s.request.path === '/realm').flatMap((s) => Object.keys(s.request.params ?? {}));
  return [...new Set(sent.filter((name) => names.has(name)))];
}

/** Each case with the clauses it cites that the document shows no way to observe. */
function withUnobservable(spec: SpecFile, unobservable: ReadonlySet<string>): SpecFile {
  return {
    ...spec,
    cases: spec.cases.map((c) => {
      const cited = c.clauses.filter((id) => unobservable.has(id));
      return cited.length ? { ...c, unobservable: cited } : c;
    }),
  };
}

/** Operation -> every parameter its spec files list, at any feature level. */
export function parametersByOperation(specs: readonly SpecFile[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const spec of specs) {
    const names = (spec.parameters ?? []).map((p) => (typeof p === 'string' ? p : p.name));
    out[spec.operation] = [...new Set([...(out[spec.operation] ?? []), ...names])];
  }
  return out;
}
