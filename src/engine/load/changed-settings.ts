// specs/changed-settings.yaml: what a run changes of what existed before it, how the old value
// is read and how it is put back. The ledger of changes (runner/change-ledger.ts) reads only
// this, so a new changing request is declared in data, not taught to the engine.
import { readFileSync } from 'node:fs';
import { displayPath, projectPath } from '../../common/paths.js';
import { parseYaml, SpecError } from './yaml-source.js';
import { validateSource } from './validate.js';
import type { ResourceRequest } from './created-resources.js';

export const CHANGES_FILE = 'changed-settings.yaml';

/** A change to something the run made is no change to what existed before it. */
export interface UnlessMade {
  /** A kind of specs/created-resources.yaml. */
  kind: string;
  /** The path segment, the parameter, or the field of each entry of the parameter (a JSON array), holding its id. */
  path?: string;
  param?: string;
  each?: string;
}

/** What one parameter does differently from its change's rule. */
export interface ParamRule {
  read?: ResourceRequest;
  field?: string;
  absent?: unknown;
  restore?: ResourceRequest;
  /** Why it changes nothing: it is not noted. */
  unchanged?: string;
  /** Why it cannot be put back: noted, and listed as such. */
  cannot?: string;
  /** Old values the restore request cannot set (as a parameter's text), each with why. */
  cannotSet?: Record<string, string>;
  unlessMade?: UnlessMade;
}

export interface ValueRule {
  /** Parameter names; `*` matches any text. */
  params: string;
  /** group-update: sent as {"new": <value>}. */
  as?: 'group-update';
  /** The text sent for null. */
  whenNull?: string;
}

export interface ChangeDeclaration {
  /** The ledger entries' `change` ("organisation-setting"). */
  kind: string;
  by: { method: string; path: string }[];
  /** Whose setting: the organisation, the caller's own, or the object a path segment names. */
  scope?: 'organisation' | 'caller' | { path: string; id?: string };
  unlessMade?: UnlessMade;
  read?: ResourceRequest;
  /** The read is sent as the first of these accounts configured, else as the caller. */
  readAs?: string[];
  field?: string;
  absent?: unknown;
  /** absent applies only when the answer has this field (the section showing such settings). */
  absentIn?: string;
  restore?: ResourceRequest;
  values?: ValueRule[];
  together?: string[][];
  /** With cannot: the whole request is one change of this name, which cannot be put back. */
  key?: string;
  cannot?: string;
  params?: Record<string, ParamRule>;
}

export function loadChangeDeclarations(path = projectPath('specs', CHANGES_FILE)): ChangeDeclaration[] {
  return parseChangeDeclarations(displayPath(path), readFileSync(path, 'utf8'));
}

/** Parsed, validated against its schema, and checked for what the schema cannot say. */
export function parseChangeDeclarations(file: string, text: string, createdKinds?: ReadonlySet<string>): ChangeDeclaration[] {
  const source = parseYaml(file, text);
  validateSource(source, 'changed-settings.schema.json');
  const changes = (source.data as { changes: ChangeDeclaration[] }).changes;
  const seen = new Set<string>();
  changes.forEach((change, i) => {
    const problem = problemOf(change, seen, createdKinds);
    if (problem) throw new SpecError(file, source.lineOf(`/changes/${i}/${problem.at}`), `changes[${i}].${problem.at.replace(/\//g, '.')}`, problem.message);
    seen.add(change.kind);
  });
  return changes;
}

function problemOf(change: ChangeDeclaration, seen: Set<string>, createdKinds?: ReadonlySet<string>): { at: string; message: string } | null {
  if (seen.has(change.kind)) return { at: 'kind', message: `duplicate kind "${change.kind}"` };
  const segments = new Set(change.by.flatMap((route) => [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])));
  const scope = change.scope;
  if (typeof scope === 'object' && !segments.has(scope.path)) return { at: 'scope/path', message: `no path of by has a {${scope.path}} segment` };
  const unlessMade = [
    ['unlessMade', change.unlessMade] as const,
    ...Object.entries(change.params ?? {}).map(([name, rule]) => [`params/${name}/unlessMade`, rule.unlessMade] as const),
  ];
  for (const [at, rule] of unlessMade) {
    if (!rule) continue;
    if ([rule.path, rule.param, rule.each].filter((v) => v !== undefined).length !== 1)
      return { at, message: 'needs exactly one of path, param and each (where the id of what the run made is)' };
    if (rule.path !== undefined && !segments.has(rule.path)) return { at: `${at}/path`, message: `no path of by has a {${rule.path}} segment` };
    if (createdKinds && !createdKinds.has(rule.kind)) return { at: `${at}/kind`, message: `unknown kind "${rule.kind}" (not in created-resources.yaml)` };
  }
  for (const group of change.together ?? []) {
    const twice = group.find((name, i) => group.indexOf(name) !== i);
    if (twice) return { at: 'together', message: `"${twice}" twice in one group` };
  }
  return null;
}
