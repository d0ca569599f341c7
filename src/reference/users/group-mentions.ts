// User group mentions in rendered message content, as Zulip's UserGroupMentionPattern renders
// them: `@*name*` becomes a mention of the group, `@_*name*` a silent one; a mention of a
// deactivated group is always silent ("cannot be mentioned until reactivated", operation 6).
// Runs on the HTML of channels/channel-object.ts's renderMarkdown, where the name is already escaped.
import { escapeHtml } from '../channels/channel-object.js';
import type { Realm } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';

export function renderGroupMentions(realm: Realm, quirks: Quirks, html: string): string {
  return html.replace(/@(_?)\*([^*<>]+)\*/g, (whole, underscore: string, name: string) => {
    const group = realm.userGroups.find((g) => escapeHtml(g.name).toLowerCase() === name.toLowerCase());
    if (!group) return whole;
    const silent = underscore === '_' || (group.deactivated && !quirks.has('group-deactivated-mentionable'));
    const shown = escapeHtml(group.name);
    return silent
      ? `<span class="user-group-mention silent" data-user-group-id="${group.id}">${shown}</span>`
      : `<span class="user-group-mention" data-user-group-id="${group.id}">@${shown}</span>`;
  });
}
