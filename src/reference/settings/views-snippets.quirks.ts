// Quirks of navigation views and saved snippets (operations 18, 19): each a fault the suite must catch, off by default.
export const VIEWS_SNIPPETS_QUIRKS = {
  'nav-blank-fragment-ok': 'POST /navigation_views: a blank fragment is accepted',
  'nav-custom-without-name-ok': 'POST /navigation_views: a custom view without a name is accepted',
  'nav-duplicate-ok': 'POST /navigation_views: a fragment the user already has is added again',
  'nav-name-null-is-none': 'POST /navigation_views: the text null is read as JSON null (no name), so a custom view sent name=null is refused',
  'snippet-missing-ok': 'PATCH /saved_snippets/{saved_snippet_id}: editing a snippet that does not exist succeeds',
  'snippet-empty-edit-checks': "PATCH /saved_snippets/{saved_snippet_id}: an edit with neither title nor content looks the snippet up (the document's reading)",
  'snippet-edit-ignores-content': 'PATCH /saved_snippets/{saved_snippet_id}: content accepted but not stored',
  'snippet-edit-spills': "PATCH /saved_snippets/{saved_snippet_id}: a new title lands on every one of the caller's snippets, not only the one named",
} as const;
