// Rendering for edits: rendered_content, wildcard mention detection and the edit-history HTML diff.
import { renderMarkdown } from '../channels/channel-object.js';

const CHANNEL_WILDCARDS = ['all', 'everyone', 'channel', 'stream'];

/** The same tiny Markdown as channel descriptions and GET /messages. */
export const renderContent = renderMarkdown;

/** `@**all**`, `@**everyone**`, `@**channel**` (and the older `@**stream**`); silent `@_**...**` mentions notify nobody. */
export function mentionsChannelWildcard(content: string): boolean {
  return CHANNEL_WILDCARDS.some((w) => new RegExp(`(^|[^_])@\\*\\*${w}\\*\\*`).test(content));
}

export function mentionsTopicWildcard(content: string): boolean {
  return /(^|[^_])@\*\*topic\*\*/.test(content);
}

/** Zulip's highlight_html_differences, simplified: the changed middle marked deleted and inserted. */
export function htmlDiff(before: string, after: string): string {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  const removed = before.slice(start, before.length - end);
  const added = after.slice(start, after.length - end);
  return [
    after.slice(0, start),
    removed ? `<span class="highlight_text_deleted">${removed}</span>` : '',
    added ? `<span class="highlight_text_inserted">${added}</span>` : '',
    after.slice(after.length - end),
  ].join('');
}
