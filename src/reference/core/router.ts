// The route table: a method, a path template under /api/v1, the parameter names the route
// knows, and its handler. `{name}` in a template matches a decimal id only, as in Zulip's URLs.
import type { UploadedFile } from './form.js';
import type { Params } from './params.js';
import type { Quirks } from '../realm/quirks.js';
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

/**
 * A trailing `{name:path}` slot takes the rest of the path, slashes included, as Django's
 * <path:name>; a trailing `{name:text}` slot one segment of any text, as Django's <str:name>.
 */
function matchText(template: string, path: string): { values: Record<string, number>; text: Record<string, string> } | undefined {
  const want = template.split('/');
  const slot = TEXT_SLOT.exec(want.at(-1) ?? '');
  if (!slot) return undefined;
  const got = path.split('/');
  const values = matchTemplate(want.slice(0, -1).join('/'), got.slice(0, want.length - 1).join('/'));
  const rest = got.slice(want.length - 1);
  if (!values || rest.length === 0 || rest.some((part) => part === '') || (slot[2] === 'text' && rest.length > 1)) return undefined;
  try {
    return { values, text: { [slot[1]]: rest.map(decodeURIComponent).join('/') } };
  } catch {
    return undefined;
  }
}

function matchTemplate(template: string, path: string): Record<string, number> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const values: Record<string, number> = {};
  for (let i = 0; i < want.length; i++) {
    const slot = /^\{(\w+)\}$/.exec(want[i]);
    if (slot) {
      if (!ID_SEGMENT.test(got[i])) return undefined;
      values[slot[1]] = Number(got[i]);
    } else if (want[i] !== got[i]) {
      return undefined;
    }
  }
  return values;
}

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  // Ids match digits only, so /users/me and /users/{user_id} never compete.
  for (const route of routes) {
    const text = matchText(route.path, path);
    const values = text?.values ?? matchTemplate(route.path, path);
    if (!values) continue;
    if (route.method === method) return { kind: 'found', route, path: values, pathText: text?.text ?? {} };
    allowed.push(route.method);
  }
  return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'not-found' };
}
