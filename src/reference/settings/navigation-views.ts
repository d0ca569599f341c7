// Navigation views: add (op 18), list, update, remove. Each user has their own; a built-in
// view (inbox, recent, ...) has no name, a custom one must have one (Zulip).
import { ApiError, badRequest } from '../core/errors.js';
import type { FlavorName } from '../realm/flavor.js';
import type { NavigationView } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { sendEvent } from '../events/queue.js';

/** navigation_view events go to the user alone (zerver/actions/navigation_views.py; fact zulip.events.navigation-view.add). */
function sendViewEvent(ctx: Context, event: Record<string, unknown> & { op: string }): void {
  const to = ctx.quirks.has('nav-view-event-to-everyone') ? ctx.realm.users.filter((u) => u.isActive).map((u) => u.id) : [ctx.user.id];
  sendEvent(ctx.realm, to, { type: 'navigation_view', ...event });
}

// zerver/views/navigation_views.py BUILT_IN_VIEW_FRAGMENTS.
const BUILT_IN_FRAGMENTS = ['inbox', 'recent', 'feed', 'drafts', 'narrow/has/reaction/sender/me', 'narrow/is/mentioned', 'narrow/is/starred', 'scheduled'];

/**
 * The document's name is "string or null", and says nothing of custom views without one. Zulip
 * reads name as plain text (the text null is a name) and requires a name for custom views
 * (facts zulip.navigation-views.name-not-json, name-rules); the variant reads the text null as
 * null and lets a custom view go unnamed.
 */
const NAMES: Record<FlavorName, { nullText: 'a name' | 'null'; customNeedsName: boolean }> = {
  zulip: { nullText: 'a name', customNeedsName: true },
  variant: { nullText: 'null', customNeedsName: false },
};

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

/** The name sent: undefined when left out, null when the flavor (or a fault) reads the text null as null. */
function readName(ctx: Context): string | null | undefined {
  const raw = ctx.params.optString('name');
  if (raw === 'null' && (NAMES[ctx.realm.flavor.name].nullText === 'null' || ctx.quirks.has('nav-name-null-is-none'))) return null;
  return raw === undefined ? undefined : readText(ctx, 'name', false);
}

function addView(ctx: Context) {
  const fragment = readText(ctx, 'fragment', true)!;
  const isPinned = ctx.params.optBool('is_pinned');
  if (isPinned === undefined) throw ctx.params.missing('is_pinned');
  const name = readName(ctx) ?? null;
  if (BUILT_IN_FRAGMENTS.includes(fragment)) {
    if (name !== null) throw badRequest('Built-in views cannot have a custom name.');
  } else if (
    name === null &&
    (NAMES[ctx.realm.flavor.name].customNeedsName || ctx.quirks.has('nav-name-null-is-none')) &&
    !ctx.quirks.has('nav-custom-without-name-ok')
  ) {
    throw badRequest('Custom views must have a valid name.');
  }
  const mine = own(ctx);
  const duplicate = mine.some((v) => v.fragment === fragment) || (name !== null && mine.some((v) => v.name === name));
  if (duplicate && !ctx.quirks.has('nav-duplicate-ok')) throw badRequest('Navigation view already exists.');
  ctx.realm.navigationViews.push({ userId: ctx.user.id, fragment, isPinned, name });
  sendViewEvent(ctx, { op: 'add', navigation_view: { fragment, is_pinned: isPinned, name } });
  return {};
}

function listViews(ctx: Context) {
  return { navigation_views: own(ctx).map((v) => ({ fragment: v.fragment, is_pinned: v.isPinned, name: v.name })) };
}

/** Zulip's update strips the fragment of the path (typed_endpoint); its remove does not. */
function findView(ctx: Context, strip = true): NavigationView {
  const raw = ctx.pathText?.fragment ?? '';
  const fragment = strip ? raw.trim() : raw;
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
  sendViewEvent(ctx, {
    op: 'update',
    fragment: view.fragment,
    data: { ...(name ? { name } : {}), ...(isPinned !== undefined ? { is_pinned: isPinned } : {}) },
  });
  return {};
}

function removeView(ctx: Context) {
  const view = findView(ctx, false);
  ctx.realm.navigationViews = ctx.realm.navigationViews.filter((v) => v !== view);
  sendViewEvent(ctx, { op: 'remove', fragment: view.fragment });
  return {};
}

export const navigationViewRoutes: Route[] = [
  { method: 'GET', path: '/navigation_views', params: [], handle: listViews },
  { method: 'POST', path: '/navigation_views', params: ['fragment', 'is_pinned', 'name'], handle: addView },
  { method: 'PATCH', path: '/navigation_views/{fragment:path}', params: ['is_pinned', 'name'], handle: updateView },
  { method: 'DELETE', path: '/navigation_views/{fragment:path}', params: [], handle: removeView },
];
