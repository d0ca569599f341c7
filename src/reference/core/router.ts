// The route table: a method, a path template under /api/v1, the parameter names the route
// knows, and its handler. `{name}` in a template matches a decimal id only, as in Zulip's URLs.
import type { UploadedFile } from './form.js';
import type { Params } from './params.js';
import type { Quirks } from '../realm/quirk-set.js';
import type { Realm, User } from '../realm/model.js';

export type Body = Record<string, unknown>;

export interface PublicContext {
  realm: Realm;
  quirks: Quirks;
  params: Params;
  path: Record<string, number>;
  /** Text path parameters, from a trailing `{name:path}` slot (a navigation view's fragment). */
  pathText?: Record<string, string>;
  /** File parts of a multipart body (only POST /user_uploads reads them). */
  files?: readonly UploadedFile[];
}

export interface Context extends PublicContext {
  user: User;
}

interface RouteBase {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  params: readonly string[];
}

export type Route =
  (RouteBase & { public: true; handle(ctx: PublicContext): Body }) | (RouteBase & { public?: false; handle(ctx: Context): Body | Promise<Body> });

/** "PATCH /streams/{stream_id}": how the level tables (core/levels.ts) name a route. */
export const routeKey = (route: Pick<RouteBase, 'method' | 'path'>): string => `${route.method} ${route.path}`;

export type RouteMatch =
  | { kind: 'found'; route: Route; path: Record<string, number>; pathText: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'wrong-method'; allowed: string[] };

const ID_SEGMENT = /^\d{1,15}$/;

const TEXT_SLOT = /^\{(\w+):(path|text)\}$/;
const ID_SLOT = /^\{(\w+)\}$/;

/** A route's template split once: its fixed segments, its id slots, a trailing text slot. */
interface Template {
  /** A segment's fixed text, or the name of the id slot there. */
  segments: ({ text: string } | { id: string })[];
  /**
   * A trailing text slot: `{name:path}` takes the rest of the path, slashes included, as
   * Django's <path:name>; `{name:text}` one segment of any text, as Django's <str:name>.
   */
  rest: { name: string; kind: 'path' | 'text' } | null;
}

const templates = new WeakMap<Route, Template>();

function templateOf(route: Route): Template {
  let t = templates.get(route);
  if (!t) {
    const parts = route.path.split('/');
    const slot = TEXT_SLOT.exec(parts.at(-1) ?? '');
    const rest = slot ? { name: slot[1], kind: slot[2] as 'path' | 'text' } : null;
    const segments = (rest === null ? parts : parts.slice(0, -1)).map((part) => {
      const id = ID_SLOT.exec(part);
      return id ? { id: id[1] } : { text: part };
    });
    templates.set(route, (t = { segments, rest }));
  }
  return t;
}

/**
 * The slots' values when the path (split at '/') fits the template: ids match digits only; a
 * trailing text slot takes its segments (no empty one), URL-decoded.
 */
function matchTemplate(t: Template, got: readonly string[]): { values: Record<string, number>; text: Record<string, string> } | undefined {
  const n = t.segments.length;
  if (t.rest === null ? got.length !== n : got.length <= n) return undefined;
  if (t.rest?.kind === 'text' && got.length !== n + 1) return undefined;
  const values: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const want = t.segments[i];
    if ('id' in want) {
      if (!ID_SEGMENT.test(got[i])) return undefined;
      values[want.id] = Number(got[i]);
    } else if (want.text !== got[i]) {
      return undefined;
    }
  }
  if (t.rest === null) return { values, text: {} };
  const rest = got.slice(n);
  if (rest.some((part) => part === '')) return undefined;
  try {
    return { values, text: { [t.rest.name]: rest.map(decodeURIComponent).join('/') } };
  } catch {
    return undefined;
  }
}

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  const got = path.split('/');
  // Ids match digits only, so /users/me and /users/{user_id} never compete.
  for (const route of routes) {
    const found = matchTemplate(templateOf(route), got);
    if (!found) continue;
    if (route.method === method) return { kind: 'found', route, path: found.values, pathText: found.text };
    allowed.push(route.method);
  }
  return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'not-found' };
}
