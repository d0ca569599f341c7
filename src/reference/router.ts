// The route table: a method, a path template under /api/v1, the parameter names the route
// knows, and its handler. `{name}` in a template matches a decimal id only, as in Zulip's URLs.
import type { Params } from './params.js';
import type { Quirks } from './quirks.js';
import type { Realm, User } from './model.js';

export type Body = Record<string, unknown>;

export interface PublicContext {
  realm: Realm;
  quirks: Quirks;
  params: Params;
  path: Record<string, number>;
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
  | (RouteBase & { public: true; handle(ctx: PublicContext): Body })
  | (RouteBase & { public?: false; handle(ctx: Context): Body });

export type RouteMatch =
  | { kind: 'found'; route: Route; path: Record<string, number> }
  | { kind: 'not-found' }
  | { kind: 'wrong-method'; allowed: string[] };

const ID_SEGMENT = /^\d{1,15}$/;

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
    const values = matchTemplate(route.path, path);
    if (!values) continue;
    if (route.method === method) return { kind: 'found', route, path: values };
    allowed.push(route.method);
  }
  return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'not-found' };
}
