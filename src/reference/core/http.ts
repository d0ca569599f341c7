// One request, start to end: body, routing, parameters, authentication, handler, envelope.
// Bad input of any kind gets a JSON error; a bug gets a 500 JSON error and the server lives on.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate } from './auth.js';
import { readBody } from './body.js';
import { listsIgnoredParameters, sendError, sendSuccess } from './envelope.js';
import { ApiError } from './errors.js';
import { collectParams, type UploadedFile } from './form.js';
import type { Realm } from '../realm/model.js';
import { Params } from './params.js';
import type { Quirks } from '../realm/quirk-set.js';
import { matchRoute, routeKey, type Body, type Route } from './router.js';
import type { FeatureLevel } from './levels.js';
import type { RateLimiter } from './rate-limit.js';

export interface App {
  realm: Realm;
  quirks: Quirks;
  routes: readonly Route[];
  /** Limits each account's requests as Zulip does (`serve --rate-limit`); none by default. */
  rateLimiter?: RateLimiter | null;
}

const API_PREFIX = '/api/v1/';

export function createRequestListener(app: App) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(app, req, res).catch((err: unknown) => {
      // Only reachable when writing the answer itself failed; nothing more can be sent.
      if (!res.headersSent) sendError(res, internalError(err), app.quirks, {}, app.realm.flavor);
      else res.destroy();
    });
  };
}

function internalError(err: unknown): ApiError {
  const detail = err instanceof Error ? err.message : String(err);
  return new ApiError(500, 'INTERNAL_ERROR', `Internal server error: ${detail}`);
}

async function handle(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  if (body.kind === 'too-large') {
    const headers: Record<string, string> = body.closeConnection ? { Connection: 'close' } : {};
    sendError(res, new ApiError(400, 'BAD_REQUEST', 'Request body too large (limit: 1048576 bytes)'), app.quirks, headers, app.realm.flavor);
    return;
  }
  try {
    await answer(app, req, res, body.body);
  } catch (err) {
    const error = err instanceof ApiError ? err : internalError(err);
    sendError(res, error, app.quirks, {}, app.realm.flavor);
  }
}

function parseUrl(target: string): URL {
  // Origin-form targets only; anything the URL parser refuses is a client error, not a bug.
  try {
    return new URL(`http://reference.invalid${target.startsWith('/') ? target : `/${target}`}`);
  } catch {
    throw new ApiError(400, 'BAD_REQUEST', 'Malformed request URL');
  }
}

async function answer(app: App, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const method = req.method ?? 'GET';
  const url = parseUrl(req.url ?? '/');
  if (!url.pathname.startsWith(API_PREFIX)) throw new ApiError(404, 'BAD_REQUEST', 'Not Found');

  const match = matchRoute(app.routes, method, url.pathname.slice(API_PREFIX.length - 1));
  if (match.kind === 'not-found') throw new ApiError(404, 'BAD_REQUEST', 'Not Found');
  if (match.kind === 'wrong-method') {
    throw new ApiError(405, 'BAD_REQUEST', 'Method Not Allowed', { allowed_methods: match.allowed }, { Allow: match.allowed.join(', ') });
  }

  const files: UploadedFile[] = [];
  const values = await collectParams(method, url, req.headers['content-type'], body, files);
  const { route } = match;
  const endpoint = routeKey(route);
  const level = app.realm.level;
  // A parameter newer than the level is one the server does not know: ignored (and listed).
  const declared = new Set(route.params.filter((name) => level.parameter(endpoint, name)));
  const params = new Params(values, declared, new Set(route.params));
  refuseNewerValues(level, endpoint, declared, values);
  const base = { realm: app.realm, quirks: app.quirks, params, path: match.path, pathText: match.pathText, files };
  let fields: Body;
  if (route.public) {
    fields = route.handle(base);
  } else {
    const user = authenticate(req.headers.authorization, app.realm, app.quirks);
    // Counted once authenticated, before the handler: its headers go on every answer, errors too.
    if (app.rateLimiter) for (const [name, value] of Object.entries(app.rateLimiter.admit(user.id))) res.setHeader(name, value);
    fields = await route.handle({ ...base, user });
  }
  const sent = listsIgnoredParameters(level, endpoint) ? [...values.keys()] : [];
  sendSuccess(res, fields, sent, declared, app.quirks, app.realm.flavor);
}

/** A value the level does not know yet (a newer choice of a known parameter) is refused as invalid. */
function refuseNewerValues(level: FeatureLevel, endpoint: string, declared: ReadonlySet<string>, values: ReadonlyMap<string, string>): void {
  for (const [name, value] of values) {
    if (declared.has(name) && !level.value(endpoint, name, value)) throw new ApiError(400, 'BAD_REQUEST', `Invalid ${name}`);
  }
}
