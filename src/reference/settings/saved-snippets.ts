// Saved snippets: create, list, edit (op 19), delete. Each user sees only their own; another
// user's snippet does not exist for them.
import { ApiError, badRequest } from '../core/errors.js';
import type { SavedSnippet } from '../realm/model.js';
import { tooLongMessage } from '../core/params.js';
import type { Context, Route } from '../core/router.js';
import { allocate, type FlavorName } from '../realm/flavor.js';
import { sendEvent } from '../events/queue.js';

const snippetObject = (s: SavedSnippet) => ({ id: s.id, title: s.title, content: s.content, date_created: s.dateCreated });

/** saved_snippets events go to the user alone (zerver/actions/saved_snippets.py; fact zulip.events.saved-snippets.update). */
function sendSnippetEvent(ctx: Context, event: Record<string, unknown> & { op: string }): void {
  const to = ctx.quirks.has('snippet-event-to-everyone') ? ctx.realm.users.filter((u) => u.isActive).map((u) => u.id) : [ctx.user.id];
  sendEvent(ctx.realm, to, { type: 'saved_snippets', ...event });
}

/**
 * An edit with neither title nor content: Zulip answers success without looking the snippet up
 * (fact zulip.saved-snippets.no-values-succeeds); the variant keeps the document's word, "a
 * nonexistent snippet gives BAD_REQUEST".
 */
const EMPTY_EDIT_LOOKS_UP: Record<FlavorName, boolean> = { zulip: false, variant: true };

const MAX_TITLE_LENGTH = 60;

/** Zulip strips both texts and refuses an empty result. */
function readText(ctx: Context, name: 'title' | 'content', limit: number, required: boolean): string | undefined {
  const raw = required ? ctx.params.string(name) : ctx.params.optString(name);
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text === '') throw badRequest(`${name} cannot be blank`);
  if ([...text].length > limit) throw badRequest(tooLongMessage(name, limit));
  return text;
}

function findSnippet(ctx: Context): SavedSnippet {
  const snippet = ctx.realm.savedSnippets.find((s) => s.id === ctx.path.saved_snippet_id && s.userId === ctx.user.id);
  if (!snippet) throw new ApiError(404, 'BAD_REQUEST', 'Saved snippet does not exist.');
  return snippet;
}

function createSnippet(ctx: Context) {
  const title = readText(ctx, 'title', MAX_TITLE_LENGTH, true)!;
  const content = readText(ctx, 'content', ctx.realm.flavor.limits.message, true)!;
  const snippet: SavedSnippet = { id: allocate(ctx.realm, 'record'), userId: ctx.user.id, title, content, dateCreated: Math.floor(Date.now() / 1000) };
  ctx.realm.savedSnippets.push(snippet);
  sendSnippetEvent(ctx, { op: 'add', saved_snippet: snippetObject(snippet) });
  return { saved_snippet_id: snippet.id };
}

function listSnippets(ctx: Context) {
  const mine = ctx.realm.savedSnippets.filter((s) => s.userId === ctx.user.id);
  return { saved_snippets: mine.map(snippetObject) };
}

/** Op 19. With neither title nor content Zulip answers success without looking the snippet up. */
function editSnippet(ctx: Context) {
  const title = readText(ctx, 'title', MAX_TITLE_LENGTH, false);
  const content = readText(ctx, 'content', ctx.realm.flavor.limits.message, false);
  const looksUp = EMPTY_EDIT_LOOKS_UP[ctx.realm.flavor.name] || ctx.quirks.has('snippet-empty-edit-checks');
  if (title === undefined && content === undefined && !looksUp) {
    // Zulip answers before looking the snippet up, and sends no event (the fault sends one).
    const mine = ctx.realm.savedSnippets.find((s) => s.id === ctx.path.saved_snippet_id && s.userId === ctx.user.id);
    if (mine && ctx.quirks.has('snippet-empty-edit-event')) sendSnippetEvent(ctx, { op: 'update', saved_snippet: snippetObject(mine) });
    return {};
  }
  if (ctx.quirks.has('snippet-missing-ok') && !ctx.realm.savedSnippets.some((s) => s.id === ctx.path.saved_snippet_id)) return {};
  const snippet = findSnippet(ctx);
  // The fault 'snippet-edit-spills': the edit lands on every one of the caller's snippets.
  const targets = ctx.quirks.has('snippet-edit-spills') ? ctx.realm.savedSnippets.filter((s) => s.userId === ctx.user.id) : [snippet];
  for (const target of targets) {
    if (title !== undefined) target.title = title;
    if (content !== undefined && !ctx.quirks.has('snippet-edit-ignores-content')) target.content = content;
  }
  // The whole snippet, even when nothing changed (do_edit_saved_snippet).
  if (title !== undefined || content !== undefined) sendSnippetEvent(ctx, { op: 'update', saved_snippet: snippetObject(snippet) });
  return {};
}

function deleteSnippet(ctx: Context) {
  const snippet = findSnippet(ctx);
  ctx.realm.savedSnippets = ctx.realm.savedSnippets.filter((s) => s !== snippet);
  sendSnippetEvent(ctx, { op: 'remove', saved_snippet_id: snippet.id });
  return {};
}

export const savedSnippetRoutes: Route[] = [
  { method: 'GET', path: '/saved_snippets', params: [], handle: listSnippets },
  { method: 'POST', path: '/saved_snippets', params: ['title', 'content'], handle: createSnippet },
  { method: 'PATCH', path: '/saved_snippets/{saved_snippet_id}', params: ['title', 'content'], handle: editSnippet },
  { method: 'DELETE', path: '/saved_snippets/{saved_snippet_id}', params: [], handle: deleteSnippet },
];
