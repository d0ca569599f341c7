// Mutants for POST /navigation_views (operation 18) and PATCH /saved_snippets/{saved_snippet_id}
// (operation 19).
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, refuse, type Json } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const VIEWS = 'POST /navigation_views';
const SNIPPETS = 'PATCH /saved_snippets/{saved_snippet_id}';
const isAdd = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/navigation_views';
const isViews = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/navigation_views';
const isEdit = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/saved_snippets\/\d+$/.test(req.path);
const isSnippets = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/saved_snippets';

/** A view added with one parameter changed on its way to the server. */
function addsWith(name: string, change: (value: string) => string): Rewrite {
  return {
    request: (req) => {
      const v = req.form.get(name);
      if (isAdd(req) && v !== null) req.form.set(name, change(v));
    },
  };
}
/** A snippet edit that drops a parameter (a server that ignores it). */
function editIgnores(name: string): Rewrite {
  return {
    request: (req) => {
      if (isEdit(req)) {
        req.form.delete(name);
        req.query.delete(name);
      }
    },
  };
}

export const MUTANTS: Mutant[] = [
  // --- operation 18 ----------------------------------------------------------------------------
  {
    name: 'nav-blank-fragment-ok',
    kind: 'invalid-input',
    operations: [VIEWS],
    quirks: ['nav-blank-fragment-ok'],
    breaks: ['op18.fragment.blank'],
    kills: ['op18.blank-fragment', 'op18.empty-fragment'],
  },
  {
    name: 'nav-custom-without-name-ok',
    kind: 'invalid-input',
    operations: [VIEWS],
    quirks: ['nav-custom-without-name-ok'],
    breaks: ['zulip.navigation-views.name-rules'],
    kills: ['op18.zulip.custom-without-name'],
  },
  {
    name: 'nav-duplicate-ok',
    kind: 'invalid-input',
    operations: [VIEWS],
    quirks: ['nav-duplicate-ok'],
    breaks: ['zulip.navigation-views.no-duplicates'],
    kills: ['op18.zulip.duplicate-refused'],
  },
  {
    name: 'nav-name-null-is-none',
    kind: 'invalid-input',
    operations: [VIEWS],
    quirks: ['nav-name-null-is-none'],
    breaks: ['op18.name', 'zulip.navigation-views.name-not-json'],
    kills: ['op18.add.name-null', 'op18.zulip.name-null-is-text'],
  },
  {
    name: 'nav-refuses-unpinned',
    kind: 'invalid-input',
    operations: [VIEWS],
    breaks: ['op18.is-pinned'],
    rewrite: refuse((req) => isAdd(req) && paramsOf(req).get('is_pinned') === 'false'),
    kills: ['op18.add.unpinned'],
  },
  {
    name: 'nav-refuses-pinned',
    kind: 'invalid-input',
    operations: [VIEWS],
    breaks: ['op18.is-pinned', 'zulip.navigation-views.no-duplicates'],
    rewrite: refuse((req) => isAdd(req) && paramsOf(req).get('is_pinned') === 'true', 'Invalid is_pinned'),
    kills: ['op18.add.pinned', 'op18.zulip.duplicate-refused'],
  },
  {
    name: 'nav-refuses-names',
    kind: 'invalid-input',
    operations: [VIEWS],
    breaks: ['op18.name'],
    // As Zulip refuses a value its parameter does not take, naming the parameter.
    rewrite: refuse((req) => isAdd(req) && paramsOf(req).has('name'), 'Invalid name'),
    kills: ['op18.add.pinned'],
  },
  {
    name: 'nav-accepts-anything',
    kind: 'invalid-input',
    operations: [VIEWS],
    rewrite: accept(isAdd),
    breaks: ['op18.fragment', 'op18.is-pinned', 'op18.fragment.blank', 'op18.name.built-in', 'conv.booleans'],
    kills: ['op18.fragment-missing', 'op18.is-pinned-missing', 'op18.is-pinned-not-boolean', 'op18.zulip.built-in-named', 'op18.blank-fragment'],
  },
  {
    name: 'nav-stores-other-fragment',
    kind: 'effect',
    operations: [VIEWS],
    breaks: ['op18.fragment.effect'],
    rewrite: addsWith('fragment', (f) => `${f}-elsewhere`),
    kills: ['op18.zulip.read-back'],
  },
  {
    name: 'nav-stores-pin-flipped',
    kind: 'effect',
    operations: [VIEWS],
    breaks: ['op18.is-pinned.effect'],
    rewrite: addsWith('is_pinned', (p) => String(p !== 'true')),
    kills: ['op18.zulip.read-back'],
  },
  {
    name: 'nav-stores-other-name',
    kind: 'effect',
    operations: [VIEWS],
    breaks: ['op18.name.effect'],
    rewrite: addsWith('name', (n) => `${n} (renamed)`),
    kills: ['op18.zulip.read-back'],
  },
  {
    name: 'nav-list-loses-pin',
    kind: 'field',
    operations: [VIEWS],
    breaks: ['res.navigation-view'],
    rewrite: {
      answer: (req, a) => {
        if (isViews(req)) for (const v of ((a.json as Json).navigation_views ?? []) as Json[]) delete v.is_pinned;
      },
    },
    kills: ['op18.zulip.read-back'],
  },
  {
    name: 'nav-missing-400',
    kind: 'error-code',
    operations: [VIEWS],
    breaks: ['zulip.navigation-views.missing-is-404'],
    rewrite: {
      answer: (req, a) => {
        if (req.method === 'DELETE' && a.status === 404) a.status = 400;
      },
    },
    kills: ['op18.zulip.remove-missing'],
  },
  {
    name: 'nav-error-code',
    kind: 'error-code',
    operations: [VIEWS],
    breaks: ['errors.bad-request', 'op18.fragment.blank', 'op18.is-pinned'],
    rewrite: {
      answer: (req, a) => {
        if (isAdd(req) && a.status !== 200) (a.json as Json).code = 'VIEW_ERROR';
      },
    },
    kills: ['op18.blank-fragment', 'op18.empty-fragment', 'op18.is-pinned-not-boolean'],
  },
  {
    name: 'nav-ignored-params-missing',
    kind: 'parameter',
    operations: [VIEWS, SNIPPETS],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op18.ignored-params', 'op19.ignored-params'],
  },

  // --- operation 19 ----------------------------------------------------------------------------
  {
    name: 'snippet-edit-spills',
    kind: 'effect',
    operations: [SNIPPETS],
    quirks: ['snippet-edit-spills'],
    breaks: ['op19.saved-snippet-id'],
    kills: ['op19.zulip.read-back'],
  },
  {
    name: 'snippet-refuses-empty-edit',
    kind: 'parameter',
    operations: [SNIPPETS],
    breaks: ['op19.optional', 'zulip.saved-snippets.no-values-succeeds'],
    rewrite: refuse((req) => isEdit(req) && !paramsOf(req).has('title') && !paramsOf(req).has('content')),
    kills: ['op19.edit.neither', 'op19.zulip.no-values'],
  },
  {
    name: 'snippet-refuses-title',
    kind: 'invalid-input',
    operations: [SNIPPETS],
    breaks: ['op19.title'],
    rewrite: refuse((req) => isEdit(req) && paramsOf(req).has('title'), 'Invalid title'),
    kills: ['op19.edit.title', 'op19.edit.both'],
  },
  {
    name: 'snippet-ignores-title',
    kind: 'parameter',
    operations: [SNIPPETS],
    breaks: ['op19.title.effect'],
    rewrite: editIgnores('title'),
    kills: ['op19.zulip.read-back'],
  },
  {
    name: 'snippet-refuses-content',
    kind: 'invalid-input',
    operations: [SNIPPETS],
    breaks: ['op19.content'],
    rewrite: refuse((req) => isEdit(req) && paramsOf(req).has('content') && paramsOf(req).get('content') !== 'Too late', 'Invalid content'),
    kills: ['op19.edit.content', 'op19.edit.both'],
  },
  {
    name: 'snippet-edit-ignores-content',
    kind: 'effect',
    operations: [SNIPPETS],
    quirks: ['snippet-edit-ignores-content'],
    breaks: ['op19.content.effect'],
    kills: ['op19.zulip.read-back'],
  },
  {
    name: 'snippet-list-loses-content',
    kind: 'field',
    operations: [SNIPPETS],
    breaks: ['res.saved-snippet', 'zulip.saved-snippets.read-back'],
    rewrite: {
      answer: (req, a) => {
        if (isSnippets(req)) for (const s of ((a.json as Json).saved_snippets ?? []) as Json[]) delete s.content;
      },
    },
    kills: ['op19.zulip.read-back'],
  },
  {
    name: 'snippet-missing-ok',
    kind: 'invalid-input',
    operations: [SNIPPETS],
    quirks: ['snippet-missing-ok'],
    breaks: ['op19.missing'],
    kills: ['op19.missing', 'op19.deleted'],
  },
  // With neither title nor content: the document's reading looks the snippet up, Zulip does not.
  {
    name: 'snippet-empty-edit-checks',
    kind: 'effect',
    operations: [SNIPPETS],
    quirks: ['snippet-empty-edit-checks'],
    breaks: ['zulip.saved-snippets.no-values-succeeds'],
    kills: ['op19.zulip.no-values'],
  },
  {
    name: 'snippet-empty-edit-checks-spec',
    kind: 'effect',
    operations: [SNIPPETS],
    quirks: ['snippet-empty-edit-checks'],
    profile: 'spec',
    breaks: ['op19.missing.no-values'],
    kills: ['op19.missing.no-values'],
  },
  {
    name: 'snippet-accepts-anything',
    kind: 'invalid-input',
    operations: [SNIPPETS],
    rewrite: accept(isEdit),
    breaks: ['op19.missing', 'zulip.saved-snippets.missing-is-404', 'zulip.saved-snippets.blank-title'],
    kills: ['op19.zulip.other-users-snippet', 'op19.zulip.blank-title', 'op19.missing'],
  },
  {
    name: 'snippet-missing-400',
    kind: 'error-code',
    operations: [SNIPPETS],
    breaks: ['zulip.saved-snippets.missing-is-404'],
    rewrite: {
      answer: (req, a) => {
        if (isEdit(req) && a.status === 404) a.status = 400;
      },
    },
    kills: ['op19.missing', 'op19.zulip.other-users-snippet'],
  },
  {
    name: 'snippet-error-code',
    kind: 'error-code',
    operations: [SNIPPETS],
    breaks: ['errors.bad-request', 'op19.missing'],
    rewrite: {
      answer: (req, a) => {
        if (isEdit(req) && a.status !== 200) (a.json as Json).code = 'SNIPPET_ERROR';
      },
    },
    kills: ['op19.missing', 'op19.deleted'],
  },
];
