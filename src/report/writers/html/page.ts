// conformance.html: one self-contained page (inline CSS, JS and SVG; nothing loaded from the
// network): verdict and summary, charts per operation and feature level, baseline and
// expectations, every case with the details of its failure, and the clause coverage.
import type { ConformanceReport } from '../../model/model.js';
import type { ReportWriter } from '../write-reports.js';
import { byLevel, byOperation, STATUSES } from '../../model/groups.js';
import { claimAndJudgement, levelLabel, levelSentence } from '../../model/feature-level.js';
import { gapLines, gapSentence, skipLines } from '../../model/skip-causes.js';
import { headline, plural, ruleTexts, verdictWord } from '../../model/text-helpers.js';
import { COLORS, stackedBars } from './chart.js';
import { caseView, casesByOperation } from './case-view.js';
import { clauseCoverage, factsView } from './clause-view.js';
import { anchor, esc } from './escape.js';
import { SCRIPT } from './script.js';
import { STYLE } from './style.js';

function header(report: ConformanceReport): string {
  const t = report.target;
  const word = verdictWord(report);
  const meta: [string, string][] = [
    ['Target', `${t.url}${t.embedded ? ' (embedded reference server)' : ''}`],
    ['Profile', t.profile],
    ['Feature level', levelSentence(t)],
    ['Started', `${report.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}, ${(report.durationMs / 1000).toFixed(1)} s`],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
    ...(report.shard ? [['Shard', `${report.shard.index} of ${report.shard.count}`] as [string, string]] : []),
    ...(report.verdict?.partial ? [['Filter', report.verdict.partial.filter] as [string, string]] : []),
  ];
  return (
    `<header class="top"><div class="inner"><div class="verdict ${word.toLowerCase()}" id="verdict">${word}</div>` +
    `<div class="about"><h1>Conformance report</h1><dl class="meta">${meta.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl></div></div></header>`
  );
}

function summary(report: ConformanceReport): string {
  const s = report.summary;
  const cards = STATUSES.map((st) => `<div class="card ${st}" id="count-${st}"><div class="n">${s[st]}</div><div class="l">${st}</div></div>`).join('');
  const t = report.target;
  const through = t.conformsThrough === null ? 'no level' : esc(t.conformsThrough ?? t.featureLevel);
  const why =
    t.notClaimed !== undefined
      ? `; ${t.notClaimed}`
      : t.unjudgedFrom !== undefined
        ? `; cases of level ${levelLabel(t.unjudgedFrom)} were skipped for missing configuration`
        : t.conformsThrough === null
          ? '; cases that need no feature level fail'
          : '';
  const level = `<div class="card level" id="conforms-through"><div class="n">${through}</div><div class="l">conforms through: the server ${esc(claimAndJudgement(t))}${why}</div></div>`;
  const reasons = report.verdict.reasons.length ? `<ul class="reasons">${report.verdict.reasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '';
  const incomplete = report.verdict.incomplete
    ? `<ul class="incomplete" id="incomplete">${skipLines(report.verdict.incomplete)
        .map((line) => `<li>${esc(line)}</li>`)
        .join('')}</ul>`
    : '';
  const gaps = report.verdict.notCheckedOnTarget;
  const notChecked = gaps
    ? `<p class="not-checked">Not checked on this target: ${esc(gapSentence(gaps))}:</p><ul class="not-checked" id="not-checked">${gapLines(gaps)
        .map((line) => `<li>${esc(line)}</li>`)
        .join('')}</ul>`
    : '';
  const warnings = report.runWarnings.length ? `<ul class="warnings">${report.runWarnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '';
  return `<section id="summary"><h2>Summary <span class="dim">· ${esc(headline(report))}</span></h2><div class="cards"><div class="card"><div class="n" id="count-total">${s.total}</div><div class="l">cases</div></div>${cards}${level}</div>${reasons}${incomplete}${notChecked}${warnings}</section>`;
}

/** Links to cases, a long list (hundreds of known failures) folded after the first twenty. */
function idLinks(ids: string[]): string {
  const item = (id: string) => `<li><a href="#${anchor('case', id)}">${esc(id)}</a></li>`;
  if (!ids.length) return '<p class="dim">none</p>';
  const rest = ids.length > 20 ? `<details class="more"><summary>${ids.length - 20} more</summary><ul>${ids.slice(20).map(item).join('')}</ul></details>` : '';
  return `<ul>${ids.slice(0, 20).map(item).join('')}</ul>${rest}`;
}

function changes(report: ConformanceReport): string {
  const cards: string[] = [];
  const b = report.baseline;
  if (b) {
    cards.push(
      `<div class="card"><h3>Regressions <span class="dim">${b.regressions.length}</span></h3>${idLinks(b.regressions)}</div>`,
      `<div class="card"><h3>Improvements <span class="dim">${b.improvements.length}</span></h3>${idLinks(b.improvements)}</div>`,
      `<div class="card"><h3>Known failures <span class="dim">${b.knownFailures.length}</span></h3>${idLinks(b.knownFailures)}</div>`,
    );
  }
  const e = report.expectations;
  if (e) {
    cards.push(`<div class="card"><h3>Expected failures <span class="dim">${e.expected.length}</span></h3>${idLinks(e.expected)}</div>`);
    if (e.stale.length)
      cards.push(
        `<div class="card"><h3>Stale expectations <span class="dim">${e.stale.length}</span></h3><p class="dim">passing now: remove them</p>${idLinks(e.stale)}</div>`,
      );
    if (e.expired.length)
      cards.push(
        `<div class="card"><h3>Expired expectations <span class="dim">${e.expired.length}</span></h3><ul>${e.expired.map((x) => `<li>${esc(x.id)} <span class="dim">${esc(x.expires)}</span></li>`).join('')}</ul></div>`,
      );
    if (e.unknown.length)
      cards.push(
        `<div class="card"><h3>Unknown case ids <span class="dim">${e.unknown.length}</span></h3><ul>${e.unknown.map((id) => `<li>${esc(id)}</li>`).join('')}</ul></div>`,
      );
  }
  if (!cards.length) return '';
  const from = [b ? `baseline <code>${esc(b.file)}</code>` : '', e ? `expectations <code>${esc(e.file)}</code>` : ''].filter(Boolean).join(' and ');
  return `<section id="changes"><h2>Against the ${from}</h2><div class="changes">${cards.join('')}</div></section>`;
}

function charts(report: ConformanceReport): string {
  const legend = `<div class="legend">${STATUSES.map((s) => `<span><i style="background:${COLORS[s]}"></i>${s}</span>`).join('')}</div>`;
  return (
    `<section id="charts"><h2>Outcomes</h2><div class="charts">` +
    stackedBars('Per operation', byOperation(report.cases), (op) => `#${anchor('op', op)}`) +
    stackedBars('Per feature level (the level a case needs; base: no level)', byLevel(report.cases)) +
    `</div>${legend}</section>`
  );
}

function cases(report: ConformanceReport): string {
  const texts = ruleTexts(report);
  const ops = casesByOperation(report);
  const chips = STATUSES.map(
    (s) => `<button type="button" class="chip ${s}" data-status="${s}" aria-pressed="true">${s} <b>${report.summary[s]}</b></button>`,
  ).join('');
  const options = [...ops.keys()].map((op) => `<option value="${esc(op)}">${esc(op)}</option>`).join('');
  const filters =
    `<div class="filters" role="group" aria-label="filters">${chips}` +
    `<select id="filter-op" aria-label="operation"><option value="">every operation</option>${options}</select>` +
    `<input type="search" id="filter-q" placeholder="search id, title, message" aria-label="search">` +
    `<button type="button" class="chip" id="only-failures">failures only</button><button type="button" class="chip" id="show-all">reset</button>` +
    `<button type="button" class="chip" id="expand">expand all</button><button type="button" class="chip" id="collapse">collapse all</button>` +
    `<span class="shown" id="shown">${report.cases.length} cases</span></div>`;
  const groups = [...ops]
    .map(([op, list]) => {
      const bad = list.filter((c) => c.status === 'failed' || c.status === 'errored').length;
      return (
        `<div class="op-group" id="${anchor('op', op)}" data-op="${esc(op)}"><h3>${esc(op)}<span class="counts">${plural(list.length, 'case')}${bad ? `, <b style="color:var(--fail)">${bad} failing</b>` : ''}</span></h3>` +
        list.map((c) => caseView(c, texts)).join('') +
        '</div>'
      );
    })
    .join('');
  return `<section id="cases"><h2>Cases</h2>${filters}${groups || '<p class="dim">No case ran.</p>'}</section>`;
}

export function htmlReport(report: ConformanceReport): string {
  const title = `${verdictWord(report)} · conformance of ${report.target.url}`;
  const nav = `<nav class="toc"><a href="#summary">Summary</a><a href="#charts">Outcomes</a>${report.baseline || report.expectations ? '<a href="#changes">Changes</a>' : ''}<a href="#cases">Cases</a><a href="#clauses">Clauses</a>${report.facts?.length ? '<a href="#facts">Zulip facts</a>' : ''}</nav>`;
  return (
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${esc(`${report.tool.name} ${report.tool.version}`)}">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body>${header(report)}<main>${nav}${summary(report)}${changes(report)}${charts(report)}${cases(report)}${clauseCoverage(report)}${factsView(report)}` +
    `<footer>Written by ${esc(report.tool.name)} ${esc(report.tool.version)} from conformance.json (formatVersion ${report.formatVersion}). Credentials are replaced by [redacted: role]; in the curl lines by $CONFORMANCE_&lt;ROLE&gt;_EMAIL and $CONFORMANCE_&lt;ROLE&gt;_API_KEY.</footer></main>
<script>${SCRIPT}</script></body></html>
`
  );
}

export const htmlWriter: ReportWriter = (report) => ({ name: 'conformance.html', content: htmlReport(report) });
