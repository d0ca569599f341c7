// A comparison as text (the terminal), Markdown (a pull request) or a self-contained HTML page.
import type { Comparison, ChangeCounts, Change, Changelog } from './compare.js';
import { CHANGES } from './compare.js';
import { levelSentence } from '../model/feature-level.js';
import { cell } from '../writers/markdown.js';
import { esc } from '../writers/html/escape.js';
import { STYLE } from '../writers/html/style.js';

const TITLES: Record<Change, string> = {
  'newly-failing': 'Newly failing',
  'newly-passing': 'Newly passing',
  'skipped-in-one': 'Skipped in one run',
  'only-in-a': 'Only in A',
  'only-in-b': 'Only in B',
  unchanged: 'Unchanged',
};
const SHOWN = CHANGES.filter((c) => c !== 'unchanged');

const side = (name: string, s: Comparison['a']) =>
  `${name}: ${s.file}: ${s.target.url}, profile ${s.target.profile}, feature level ${levelSentence(s.target)}; ${s.summary.passed} passed, ${s.summary.failed} failed, ${s.summary.errored} errored, ${s.summary.skipped} skipped`;
const countsText = (c: ChangeCounts) =>
  SHOWN.filter((k) => c[k])
    .map((k) => `${c[k]} ${TITLES[k].toLowerCase()}`)
    .join(', ') || 'no change';

const operationText = (o: Changelog['levels'][number]['operations'][number]) =>
  `${o.endpoint}${o.statements ? ` (${o.statements} statement${o.statements > 1 ? 's' : ''} of the document)` : ''}`;

/** "The API between level 388 (A) and level 420 (B): what each level after 388 added". */
const changelogTitle = (log: Changelog) =>
  `The API between level ${log.from.level} (${log.from.run.toUpperCase()}) and level ${log.to.level} (${log.to.run.toUpperCase()}): what each level after ${log.from.level} added`;

function changelogText(log: Changelog): string[] {
  const lines = [`${changelogTitle(log)}:`];
  if (!log.levels.length) lines.push('  nothing the suite checks');
  for (const l of log.levels) {
    lines.push(`  level ${l.level}`);
    if (l.operations.length) lines.push(`    operations: ${l.operations.map(operationText).join(', ')}`);
    for (const p of l.parameters) lines.push(`    parameters of ${p.endpoint}: ${p.names.join(', ')}`);
    for (const b of l.behaviours) lines.push(`    ${b.id}: ${b.text}`);
  }
  return [...lines, ''];
}

export function compareText(cmp: Comparison): string {
  const lines = [side('A', cmp.a), side('B', cmp.b), '', ...(cmp.changelog ? changelogText(cmp.changelog) : [])];
  for (const change of SHOWN) {
    const list = cmp.cases.filter((c) => c.change === change);
    if (!list.length) continue;
    lines.push(`${TITLES[change]} (${list.length}):`);
    for (const c of list) lines.push(`  ${c.id} [${c.endpoint}, level ${c.level}] ${c.a ?? '-'} -> ${c.b ?? '-'}${c.note ? `: ${c.note}` : ''}`);
    lines.push('');
  }
  lines.push('Per operation:', ...cmp.byOperation.map((g) => `  ${g.key.padEnd(44)} ${countsText(g.counts)}`), '');
  lines.push('Per feature level:', ...cmp.byLevel.map((g) => `  ${g.key.padEnd(6)} ${countsText(g.counts)}`));
  return `${lines.join('\n')}\n`;
}

function mdTable(title: string, groups: Comparison['byOperation']): string[] {
  return [
    `| ${title} | ${SHOWN.map((k) => TITLES[k].toLowerCase()).join(' | ')} | unchanged |`,
    `|---|${SHOWN.map(() => '--:').join('|')}|--:|`,
    ...groups.map((g) => `| ${cell(g.key)} | ${SHOWN.map((k) => g.counts[k]).join(' | ')} | ${g.counts.unchanged} |`),
  ];
}

export function compareMarkdown(cmp: Comparison): string {
  const failing = cmp.cases.filter((c) => c.change === 'newly-failing').length;
  const lines = [
    `## ${failing ? '❌' : '✅'} teamchat-conformance compare: ${countsText(countsOf(cmp))}`,
    '',
    `- **A** ${cell(side('', cmp.a).slice(2))}`,
    `- **B** ${cell(side('', cmp.b).slice(2))}`,
    '',
    ...(cmp.changelog ? changelogMarkdown(cmp.changelog) : []),
  ];
  for (const change of SHOWN) {
    const list = cmp.cases.filter((c) => c.change === change);
    if (!list.length) continue;
    lines.push(
      `### ${TITLES[change]} (${list.length})`,
      '',
      '| case | operation | level | A | B | note |',
      '|---|---|---|---|---|---|',
      ...list.map((c) => `| \`${c.id}\` | ${cell(c.endpoint)} | ${c.level} | ${c.a ?? '-'} | ${c.b ?? '-'} | ${cell(c.note ?? '')} |`),
      '',
    );
  }
  lines.push('### Per operation', '', ...mdTable('operation', cmp.byOperation), '', '### Per feature level', '', ...mdTable('level', cmp.byLevel));
  return `${lines.join('\n')}\n`;
}

function changelogMarkdown(log: Changelog): string[] {
  const lines = [`### ${changelogTitle(log)}`, ''];
  if (!log.levels.length) lines.push('Nothing the suite checks.', '');
  for (const l of log.levels) {
    lines.push(`#### Level ${l.level}`, '');
    if (l.operations.length) lines.push(`- **Operations:** ${l.operations.map((o) => operationText({ ...o, endpoint: `\`${o.endpoint}\`` })).join(', ')}`);
    for (const p of l.parameters) lines.push(`- **Parameters of \`${p.endpoint}\`:** ${p.names.map((n) => `\`${n}\``).join(', ')}`);
    for (const b of l.behaviours) lines.push(`- \`${b.id}\` (${cell(b.endpoint)}): ${cell(b.text)}`);
    lines.push('');
  }
  return lines;
}

function changelogHtml(log: Changelog): string {
  const levels = log.levels.length
    ? log.levels
        .map(
          (l) =>
            `<h3>Level ${l.level}</h3><ul>` +
            (l.operations.length
              ? `<li><b>Operations:</b> ${l.operations.map((o) => esc(operationText(o)).replace(esc(o.endpoint), `<code>${esc(o.endpoint)}</code>`)).join(', ')}</li>`
              : '') +
            l.parameters
              .map((p) => `<li><b>Parameters of <code>${esc(p.endpoint)}</code>:</b> ${p.names.map((n) => `<code>${esc(n)}</code>`).join(', ')}</li>`)
              .join('') +
            l.behaviours.map((b) => `<li><code>${esc(b.id)}</code> <span class="dim">${esc(b.endpoint)}</span>: ${esc(b.text)}</li>`).join('') +
            '</ul>',
        )
        .join('')
    : '<p>Nothing the suite checks.</p>';
  return `<section id="changelog"><h2>${esc(changelogTitle(log))}</h2>${levels}</section>`;
}

function countsOf(cmp: Comparison): ChangeCounts {
  const counts = { 'newly-failing': 0, 'newly-passing': 0, 'skipped-in-one': 0, 'only-in-a': 0, 'only-in-b': 0, unchanged: 0 };
  for (const c of cmp.cases) counts[c.change] += 1;
  return counts;
}

export function compareHtml(cmp: Comparison): string {
  const table = (title: string, groups: Comparison['byOperation']) =>
    `<h3>${esc(title)}</h3><table><thead><tr><th>${esc(title.split(' ').pop() ?? '')}</th>${SHOWN.map((k) => `<th>${esc(TITLES[k])}</th>`).join('')}<th>Unchanged</th></tr></thead><tbody>` +
    groups
      .map((g) => `<tr><td>${esc(g.key)}</td>${SHOWN.map((k) => `<td>${g.counts[k] || ''}</td>`).join('')}<td class="dim">${g.counts.unchanged}</td></tr>`)
      .join('') +
    '</tbody></table>';
  const sections = SHOWN.map((change) => {
    const list = cmp.cases.filter((c) => c.change === change);
    if (!list.length) return '';
    return (
      `<section id="${change}"><h2>${esc(TITLES[change])} <span class="dim">${list.length}</span></h2><table><thead><tr><th>case</th><th>operation</th><th>level</th><th>A</th><th>B</th><th>note</th></tr></thead><tbody>` +
      list
        .map(
          (c) =>
            `<tr><td><code>${esc(c.id)}</code><div class="dim">${esc(c.title)}</div></td><td>${esc(c.endpoint)}</td><td>${esc(c.level)}</td><td>${c.a ? `<span class="badge ${c.a}">${c.a}</span>` : '-'}</td><td>${c.b ? `<span class="badge ${c.b}">${c.b}</span>` : '-'}</td><td>${esc(c.note ?? '')}</td></tr>`,
        )
        .join('') +
      '</tbody></table></section>'
    );
  }).join('');
  const failing = cmp.cases.some((c) => c.change === 'newly-failing');
  return (
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>compare: ${esc(countsText(countsOf(cmp)))}</title><style>${STYLE}</style></head>
<body><header class="top"><div class="inner"><div class="verdict ${failing ? 'fail' : 'pass'}">${failing ? 'REGRESSED' : 'NO REGRESSION'}</div><div><h1>Comparison of two conformance runs</h1>` +
    `<dl class="meta"><dt>A</dt><dd>${esc(side('', cmp.a).slice(2))}</dd><dt>B</dt><dd>${esc(side('', cmp.b).slice(2))}</dd></dl></div></div></header>` +
    `<main>${cmp.changelog ? changelogHtml(cmp.changelog) : ''}<section id="summary"><h2>Summary <span class="dim">· ${esc(countsText(countsOf(cmp)))}</span></h2>${table('Per operation', cmp.byOperation)}${table('Per feature level', cmp.byLevel)}</section>${sections}</main></body></html>
`
  );
}
