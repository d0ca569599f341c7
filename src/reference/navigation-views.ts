// Navigation views: add (op 18), list, update, remove. Each user has their own; a built-in
// view (inbox, recent, ...) has no name, a custom one must have one (Zulip).
import { ApiError, badRequest } from './errors.js';
import type { NavigationView } from './model.js';
import type { Context, Route } from './router.js';

const BUILT_IN_FRAGMENTS = ['inbox', 'recent', 'feed', 'drafts', 'narrow/has/reaction/sender/me', 'narrow/is/mentioned', 'narrow/is/starred'];

/** Zulip strips both texts; a blank one is too short. */
function readText(ctx: Context, name: 'fragment' | 'name', required: boolean): string | undefined {
  const raw = required ? ctx.params.string(name) : ctx.params.optString(name);
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text !== '') return text;
  if (name === 'fragment' && ctx.quirks.has('nav-blank-fragment-ok')) return raw; // the fault: kept as sent
  throw badRequest(`${name} cannot be blank`);
}

function notFound(): ApiError {
  return new ApiError(404, 'BAD_REQUEST', 'Navigation view does not exist.');
}

function own(ctx: Context): NavigationView[] {
  return ctx.realm.navigationViews.filter((v) => v.userId === ctx.user.id);
}

/** `name` may be sent as JSON null for "no name". */
function readName(ctx: Context): string | null | undefined {
  const raw = ctx.params.optString('name');
  if (raw === 'null') return null;
  return raw === undefined ? undefined : readText(ctx, 'name', false);
}

function addView(ctx: Context) {
  const fragment = readText(ctx, 'fragment', true)!;
  const isPinned = ctx.params.optBool('is_pinned');
  if (isPinned === undefined) throw ctx.params.missing('is_pinned');
  const name = readName(ctx) ?? null;
  if (BUILT_IN_FRAGMENTS.includes(fragment)) {
    if (name !== null) throw badRequest('Built-in views cannot have a custom name.');
  } else if (name === null && !ctx.quirks.has('nav-custom-without-name-ok')) {
    throw badRequest('Custom views must have a valid name.');
  }
  const mine = own(ctx);
  const duplicate = mine.some((v) => v.fragment === fragment) || (name !== null && mine.some((v) => v.name === name));
  if (duplicate && !ctx.quirks.has('nav-duplicate-ok')) throw badRequest('Navigation view already exists.');
  ctx.realm.navigationViews.push({ userId: ctx.user.id, fragment, isPinned, name });
  return {};
}

function listViews(ctx: Context) {
  return { navigation_views: own(ctx).map((v) => ({ fragment: v.fragment, is_pinned: v.isPinned, name: v.name })) };
}

function findView(ctx: Context): NavigationView {
  const fragment = (ctx.pathText?.fragment ?? '').trim();
  const view = own(ctx).find((v) => v.fragment === fragment);
  if (!view) throw notFound();
  return view;
}

function updateView(ctx: Context) {
  const isPinned = ctx.params.optBool('is_pinned');
  const name = readName(ctx);
  const view = findView(ctx);
  if (BUILT_IN_FRAGMENTS.includes(view.fragment) && name) throw badRequest('Built-in views cannot have a custom name.');
  if (name && own(ctx).some((v) => v !== view && v.name === name)) throw badRequest('Navigation view already exists.');
  if (isPinned !== undefined) view.isPinned = isPinned;
  if (name) view.name = name;
  return {};
}

function removeView(ctx: Context) {
  const view = findView(ctx);
  ctx.realm.navigationViews = ctx.realm.navigationViews.filter((v) => v !== view);
  return {};
}

export const navigationViewRoutes: Route[] = [
  { method: 'GET', path: '/navigation_views', params: [], handle: listViews },
  { method: 'POST', path: '/navigation_views', params: ['fragment', 'is_pinned', 'name'], handle: addView },
  { method: 'PATCH', path: '/navigation_views/{fragment:path}', params: ['is_pinned', 'name'], handle: updateView },
  { method: 'DELETE', path: '/navigation_views/{fragment:path}', params: [], handle: removeView },
];
