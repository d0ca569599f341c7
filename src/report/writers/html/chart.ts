// Stacked bars in HTML and CSS: one row per operation or feature level, a segment per outcome,
// the counts written out so the chart reads without colour too. Text stays text at its own size,
// so the labels are as readable on a phone as on a desktop (an SVG scaled to the width shrank
// them to 4 px at 420 px); on a narrow screen the label goes above its bar (style.ts).
import type { Group } from '../../model/groups.js';
import { esc } from './escape.js';

export const COLORS = { passed: '#1a7f37', failed: '#cf222e', errored: '#8250df', skipped: '#bf8700' } as const;
const ORDER = ['passed', 'failed', 'errored', 'skipped'] as const;

export function stackedBars(title: string, groups: Group[], linkOf?: (key: string) => string): string {
  const max = Math.max(1, ...groups.map((g) => g.counts.total));
  const rows = groups.map((g) => {
    const present = ORDER.filter((s) => g.counts[s] > 0);
    // Each segment grows by its count inside a bar as long, relative to the largest row, as the row's total.
    const segments = present
      .map((s) => `<span class="seg" style="flex-grow:${g.counts[s]};background:${COLORS[s]}" title="${esc(`${g.key}: ${g.counts[s]} ${s}`)}"></span>`)
      .join('');
    const counts = present.map((s) => `${g.counts[s]} ${s}`).join(', ');
    const label = linkOf ? `<a class="bar-label" href="${esc(linkOf(g.key))}">${esc(g.key)}</a>` : `<span class="bar-label">${esc(g.key)}</span>`;
    const share = (g.counts.total / max).toFixed(4);
    return `<li class="bar-row">${label}<span class="bar-track"><span class="bar" style="--share:${share}">${segments}</span><span class="bar-count">${esc(counts)}</span></span></li>`;
  });
  return `<figure class="chart"><figcaption>${esc(title)}</figcaption><ul class="bars" aria-label="${esc(title)}">${rows.join('')}</ul></figure>`;
}

/** One bar split by share, e.g. the clause coverage. */
export function shareBar(parts: { label: string; count: number; color: string }[]): string {
  const total = Math.max(
    1,
    parts.reduce((s, p) => s + p.count, 0),
  );
  let x = 0;
  const rects = parts
    .filter((p) => p.count > 0)
    .map((p) => {
      const w = (p.count / total) * 1000;
      const rect = `<rect x="${x.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="14" fill="${p.color}"><title>${esc(`${p.count} ${p.label}`)}</title></rect>`;
      x += w;
      return rect;
    });
  return `<svg class="share" viewBox="0 0 1000 14" preserveAspectRatio="none" width="100%" height="14" role="img" aria-label="${esc(parts.map((p) => `${p.count} ${p.label}`).join(', '))}">${rects.join('')}</svg>`;
}
