// Inline SVG stacked bars: one row per operation or feature level, a segment per outcome, the
// counts written out so the chart reads without colour too.
import type { Group } from '../groups.js';
import { esc } from './escape.js';

export const COLORS = { passed: '#1a7f37', failed: '#cf222e', errored: '#8250df', skipped: '#bf8700' } as const;
const ORDER = ['passed', 'failed', 'errored', 'skipped'] as const;

export function stackedBars(title: string, groups: Group[], linkOf?: (key: string) => string): string {
  // Room for the longest label (about 7 px a character at 12 px), so no operation is cut off.
  const label = Math.min(380, Math.max(80, 16 + 7 * Math.max(0, ...groups.map((g) => g.key.length))));
  const bar = 560;
  const row = 26;
  const width = label + bar + 140;
  const max = Math.max(1, ...groups.map((g) => g.counts.total));
  const rows = groups.map((g, i) => {
    const y = i * row + 4;
    let x = label;
    const segments = ORDER.filter((s) => g.counts[s] > 0).map((s) => {
      const w = (g.counts[s] / max) * bar;
      const rect = `<rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(w, 2).toFixed(1)}" height="18" rx="2" fill="${COLORS[s]}"><title>${esc(`${g.key}: ${g.counts[s]} ${s}`)}</title></rect>`;
      x += w;
      return rect;
    }).join('');
    const counts = ORDER.filter((s) => g.counts[s] > 0).map((s) => `${g.counts[s]} ${s}`).join(', ');
    const name = `<text x="${label - 8}" y="${y + 13}" text-anchor="end" class="bar-label">${esc(g.key)}</text>`;
    return `<g class="bar-row">${linkOf ? `<a href="${esc(linkOf(g.key))}">${name}</a>` : name}${segments}<text x="${(x + 6).toFixed(1)}" y="${y + 13}" class="bar-count">${esc(counts)}</text></g>`;
  });
  const height = groups.length * row + 8;
  return `<figure class="chart"><figcaption>${esc(title)}</figcaption><svg role="img" aria-label="${esc(title)}" viewBox="0 0 ${width} ${height}" width="100%" preserveAspectRatio="xMinYMin meet">${rows.join('')}</svg></figure>`;
}

/** One bar split by share, e.g. the clause coverage. */
export function shareBar(parts: { label: string; count: number; color: string }[]): string {
  const total = Math.max(1, parts.reduce((s, p) => s + p.count, 0));
  let x = 0;
  const rects = parts.filter((p) => p.count > 0).map((p) => {
    const w = (p.count / total) * 1000;
    const rect = `<rect x="${x.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="14" fill="${p.color}"><title>${esc(`${p.count} ${p.label}`)}</title></rect>`;
    x += w;
    return rect;
  });
  return `<svg class="share" viewBox="0 0 1000 14" preserveAspectRatio="none" width="100%" height="14" role="img" aria-label="${esc(parts.map((p) => `${p.count} ${p.label}`).join(', '))}">${rects.join('')}</svg>`;
}
