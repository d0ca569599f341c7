// specs/created-resources.yaml: what the suite creates on a target and how each is undone. The
// ledger (runner/ledger.ts) and `cleanup --ledger` (commands/cleanup/cleanup.ts) read only this, so a new
// creating operation is declared in data, not taught to the engine.
import { readFileSync } from 'node:fs';
import { displayPath, projectPath } from '../../common/paths.js';
import { parseYaml, SpecError } from './yaml-source.js';
import { validateSource } from './validate.js';

export const RESOURCES_FILE = 'created-resources.yaml';

export interface ResourceRequest {
  method: string;
  path: string;
  params?: Record<string, string | boolean>;
}

export interface CreatedResource {
  /** The ledger entries' kind ("channel", "message"). */
  kind: string;
  /** The creating request; a `{name}` segment of its path matches any one segment. */
  by: { method: string; path: string };
  /** Before the request goes out (a run killed while the answer was on its way still knows), or from a success answer. */
  noted?: 'on-success' | 'before-sending' | 'before-sending-if-own';
  /**
   * A field of the success answer, a request parameter, a field of each entry of a JSON-array
   * parameter, or the segment of the request's path that `by.path` names `{path}`.
   */
  key: { answer?: string; param?: string; each?: string; path?: string };
  /** Only keys starting with this are noted; `${run.id}` is the run's id. */
  keyStartsWith?: string;
  /** `{key}` in its path is the key. */
  undo: ResourceRequest;
  /** At cleanup, its answer fills the undo path's other `{field}`s (`{key}` in its params). */
  resolve?: ResourceRequest;
  /** Undone before every other kind (a message before the channel it sits in). */
  undoFirst?: boolean;
  /** Undone as the account that made it: a user's own (a view, a snippet), which no other account reaches. */
  undoAs?: 'creator';
  /** Where the run learns the id of one it made by its key (a channel, known by name). */
  ids?: IdSource[];
}

/** An answer telling the id of what the run made by its key: `list` entries (or the answer) with `key` (or the request's `keyParam`) and `id`. */
export interface IdSource {
  by: { method: string; path: string };
  list?: string;
  key?: string;
  keyParam?: string;
  id: string;
}

/** A parameter that names what a run creates or renames: every value sent for it carries the run id. */
export interface NameParam {
  by: { method: string; path: string };
  param: string;
  /** The field of each entry of the parameter (a JSON array). */
  each?: string;
  /** Only requests whose other parameters have these values. */
  when?: Record<string, string>;
}

/** The `{name}`s of a path template, `{key}` aside. */
export function placeholdersOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).filter((name) => name !== 'key');
}

export function loadCreatedResources(path = projectPath('specs', RESOURCES_FILE)): CreatedResource[] {
  return parseCreatedResources(displayPath(path), readFileSync(path, 'utf8'));
}

/** The parameters that name what a run creates or renames (the file's `names`), validated. */
export function loadNameParams(path = projectPath('specs', RESOURCES_FILE)): NameParam[] {
  const source = parseYaml(displayPath(path), readFileSync(path, 'utf8'));
  validateSource(source, 'created-resources.schema.json');
  return (source.data as { names?: NameParam[] }).names ?? [];
}

/** Parsed, validated against its schema, and checked for what the schema cannot say. */
export function parseCreatedResources(file: string, text: string): CreatedResource[] {
  const source = parseYaml(file, text);
  validateSource(source, 'created-resources.schema.json');
  const resources = (source.data as { resources: CreatedResource[] }).resources;
  const seen = new Set<string>();
  resources.forEach((resource, i) => {
    const problem = problemOf(resource, seen);
    if (problem)
      throw new SpecError(file, source.lineOf(`/resources/${i}/${problem.at}`), `resources[${i}].${problem.at.replace(/\//g, '.')}`, problem.message);
    seen.add(resource.kind);
  });
  return resources;
}

function problemOf(resource: CreatedResource, seen: Set<string>): { at: string; message: string } | null {
  const { key } = resource;
  if (seen.has(resource.kind)) return { at: 'kind', message: `duplicate kind "${resource.kind}"` };
  if ([key.answer, key.param, key.path].filter((k) => k !== undefined).length !== 1)
    return { at: 'key', message: 'needs exactly one of answer, param and path' };
  if (key.path !== undefined && !resource.by.path.includes(`{${key.path}}`)) return { at: 'key/path', message: `by.path has no {${key.path}} segment` };
  if (key.each !== undefined && key.param === undefined) return { at: 'key/each', message: 'needs param (the JSON array whose entries it reads)' };
  if (resource.noted === 'before-sending' || resource.noted === 'before-sending-if-own') {
    // Before the answer, only the request says what is made, and it may name things that exist already.
    if (key.answer !== undefined)
      return { at: 'key', message: 'noted before-sending: the key must come from the request (param or path), there is no answer yet' };
    if (resource.keyStartsWith === undefined)
      return { at: 'noted', message: 'noted before-sending needs keyStartsWith, so what the run merely joins is never undone' };
  }
  const unfilled = placeholdersOf(resource.undo.path);
  if (unfilled.length && !resource.resolve)
    return { at: 'undo/path', message: `{${unfilled[0]}} is not {key}: declare a resolve request whose answer has the field` };
  return null;
}
