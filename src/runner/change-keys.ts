// Which settings a request changes, by the declarations of specs/changed-settings.yaml: each
// setting as a Touch, with where its old value is read and how it is put back. Pure: the ledger
// of changes (change-ledger.ts) reads and notes them.
import type { ChangeDeclaration, ParamRule, ValueRule } from '../engine/load/changed-settings.js';
import type { ResourceRequest } from '../engine/load/created-resources.js';
import { encodeParam, type ParamValue, type Params } from '../http/encode.js';
import { pathPattern, segmentOf } from './ledger.js';

/** A request as the ledger keeps it: what puts a setting back. */
export interface LedgerRequest {
  method: string;
  path: string;
  params?: Params;
}

/** Whether the run made what a created-resources kind names by this key or id. */
export type Made = (kind: string, key: string | number) => boolean;

/** One setting a request changes. */
export interface Touch {
  change: ChangeDeclaration;
  /** "organisation", the caller's role, or the id of the object the path names (scope.id: read from the answer). */
  scope: string;
  /** The parameter, or the parameters of a `together` group joined by "+", or the whole request's name. */
  key: string;
  /** The request's parameters that set it, and what it sends for them. */
  params: string[];
  sent: Record<string, ParamValue>;
  /** Why it cannot be put back. */
  cannot?: string;
  /** Where its old value is: the read (as the caller), and per parameter the field and the value when the answer leaves it out. */
  read?: { request: ResourceRequest; fields: Record<string, string>; absent: Record<string, unknown> };
  /** The template that puts it back (`{old}`, `{scope}` still to fill). */
  restore?: ResourceRequest;
  /** The values a template may name: path.<segment>, param.<name>, caller.user_id. */
  vars: Record<string, string>;
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{([^}]+)\}/g, (whole, name: string) => vars[name] ?? whole);

function fillRequest(request: ResourceRequest, vars: Record<string, string>): ResourceRequest {
  const params =
    request.params && Object.fromEntries(Object.entries(request.params).map(([k, v]) => [fill(k, vars), typeof v === 'string' ? fill(v, vars) : v]));
  return { method: request.method, path: fill(request.path, vars), ...(params ? { params } : {}) };
}

const globMatches = (glob: string, name: string) =>
  new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(name);

/** How a parameter's value travels (group-update, the text for null). */
export function valueRule(change: ChangeDeclaration, param: string): ValueRule | undefined {
  return change.values?.find((rule) => globMatches(rule.params, param));
}

/** The ids of the entries of a JSON-array parameter, by their field `each`. */
function entryIds(value: ParamValue, each: string): (string | number)[] {
  let entries: unknown = value;
  if (typeof value === 'string') {
    try {
      entries = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(entries)
    ? entries.map((e) => (e as Record<string, unknown> | null)?.[each]).filter((id) => typeof id === 'string' || typeof id === 'number')
    : [];
}

function madeBy(rule: NonNullable<ParamRule['unlessMade']>, made: Made, vars: Record<string, string>, value?: ParamValue): boolean {
  if (rule.each !== undefined) {
    const ids = value === undefined ? [] : entryIds(value, rule.each);
    return ids.length > 0 && ids.every((id) => made(rule.kind, id));
  }
  const id = rule.path !== undefined ? vars[`path.${rule.path}`] : vars[`param.${rule.param}`];
  return id !== undefined && (made(rule.kind, id) || (/^\d+$/.test(id) && made(rule.kind, Number(id))));
}

/** The settings `request`, sent as `caller`, changes by `changes`; none for a request no declaration names. */
export function touchesOf(
  changes: ChangeDeclaration[],
  request: { method: string; path: string; params?: Params },
  caller: { role: string; userId: number },
  made: Made,
): Touch[] {
  const sent = Object.fromEntries(Object.entries(request.params ?? {}).filter((entry): entry is [string, ParamValue] => entry[1] !== undefined));
  return changes.flatMap((change) => {
    const route = change.by.find((by) => by.method === request.method && pathPattern(by.path).test(request.path));
    if (!route) return [];
    const vars: Record<string, string> = { 'caller.user_id': String(caller.userId) };
    for (const [, name] of route.path.matchAll(/\{([^}]+)\}/g)) vars[`path.${name}`] = segmentOf(route.path, request.path, name) ?? '';
    for (const [name, value] of Object.entries(sent)) vars[`param.${name}`] = encodeParam(value);
    if (change.unlessMade && madeBy(change.unlessMade, made, vars)) return [];
    const scope = change.scope === 'caller' ? caller.role : typeof change.scope === 'object' ? vars[`path.${change.scope.path}`] : 'organisation';
    const base = { change, scope, vars };
    if (change.cannot !== undefined) return [{ ...base, key: fill(change.key!, vars), params: Object.keys(sent), sent, cannot: change.cannot }];
    const touches: Touch[] = [];
    const grouped = new Set<string>();
    for (const group of change.together ?? []) {
      const present = group.filter((name) => name in sent);
      if (!present.length) continue;
      group.forEach((name) => grouped.add(name));
      touches.push(touchOf(base, group, Object.fromEntries(present.map((name) => [name, sent[name]]))));
    }
    for (const [name, value] of Object.entries(sent)) {
      if (grouped.has(name)) continue;
      const rule = change.params?.[name];
      if (rule?.unchanged !== undefined) continue;
      if (rule?.unlessMade && madeBy(rule.unlessMade, made, vars, value)) continue;
      touches.push(touchOf(base, [name], { [name]: value }));
    }
    return touches;
  });
}

function touchOf(base: Pick<Touch, 'change' | 'scope' | 'vars'>, params: string[], sent: Record<string, ParamValue>): Touch {
  const { change, vars } = base;
  const key = params.join('+');
  const rules = params.map((name) => change.params?.[name] ?? {});
  const cannot = rules.find((rule) => rule.cannot !== undefined)?.cannot;
  if (cannot !== undefined) return { ...base, key, params, sent, cannot };
  const read = rules.find((rule) => rule.read)?.read ?? change.read!;
  const fields = Object.fromEntries(params.map((name, i) => [name, fill(rules[i].field ?? change.field!, { ...vars, param: name })]));
  const absent = Object.fromEntries(params.map((name, i) => [name, 'absent' in rules[i] ? rules[i].absent : change.absent]));
  const restore = rules.find((rule) => rule.restore)?.restore ?? change.restore!;
  return { ...base, key, params, sent, read: { request: fillRequest(read, vars), fields, absent }, restore };
}

/** Why the old value cannot be set again (a time zone never set cannot be unset), if it cannot. */
export function unsettable(touch: Touch, old: Record<string, unknown>): string | undefined {
  for (const param of touch.params) {
    const why = touch.change.params?.[param]?.cannotSet?.[encodeParam(old[param] as ParamValue)];
    if (why !== undefined) return why;
  }
  return undefined;
}

/** The value a parameter is sent with to set `old` (group-update: {"new": old}; null: the declared text). */
export function restoreValue(change: ChangeDeclaration, param: string, old: unknown): ParamValue {
  const rule = valueRule(change, param);
  if (rule?.as === 'group-update') return { new: old as ParamValue };
  if (old === null && rule?.whenNull !== undefined) return rule.whenNull;
  return old as ParamValue;
}

/** The request that puts the touched setting back to `old` (one value per parameter). */
export function restoreRequest(touch: Touch, old: Record<string, unknown>): LedgerRequest {
  const template = touch.restore!;
  const vars = { ...touch.vars, scope: touch.scope };
  const params: Params = {};
  for (const [name, value] of Object.entries(template.params ?? {})) {
    const names = name.includes('{param}') ? touch.params : [null];
    for (const param of names) {
      const filled = param === null ? fill(name, vars) : fill(name, { ...vars, param });
      params[filled] =
        value === '{old}' && param !== null ? restoreValue(touch.change, param, old[param]) : typeof value === 'string' ? fill(value, vars) : value;
    }
  }
  return { method: template.method, path: fill(template.path, vars), ...(Object.keys(params).length ? { params } : {}) };
}

/** A value in one canonical text: object keys sorted, lists of numbers sorted (a server may list members in any order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.every((v) => typeof v === 'number') ? [...value].sort((a, b) => a - b) : value;
    return `[${items.map(canonical).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a sent value sets, as the value a read shows (a group-update's `new`; a JSON text decoded). */
function setting(change: ChangeDeclaration, param: string, value: ParamValue): unknown {
  if (valueRule(change, param)?.as !== 'group-update') return value;
  let update: unknown = value;
  if (typeof value === 'string') {
    try {
      update = JSON.parse(value);
    } catch {
      return value;
    }
  }
  return (update as { new?: unknown } | null)?.new;
}

/** Whether the request sets every parameter it sends of the setting to the value noted first. */
export function setsBack(touch: Touch, old: Record<string, unknown>): boolean {
  return Object.keys(touch.sent).every((param) => {
    const sent = setting(touch.change, param, touch.sent[param]);
    const back = restoreValue(touch.change, param, old[param]);
    const want = setting(touch.change, param, back);
    if (valueRule(touch.change, param)?.as === 'group-update') return canonical(sent) === canonical(want);
    return encodeParam(sent as ParamValue) === encodeParam(want as ParamValue);
  });
}
