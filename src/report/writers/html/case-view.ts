// One case as a <details> row: failed and errored ones open, with the clause text, expected vs
// got, the request and the answer (redacted) and a curl line.
import type { ConformanceReport, ReportCase } from '../../model/model.js';
import { brokenRules, failureWhere, isFact } from '../../model/text-helpers.js';
import { anchor, esc } from './escape.js';
import { skipReason } from '../../model/skip-causes.js';

const STATUS_LABEL = { passed: 'pass', failed: 'fail', errored: 'error', skipped: 'skip' } as const;

export function badge(status: keyof typeof STATUS_LABEL): string {
  return `<span class="badge ${status}">${STATUS_LABEL[status]}</span>`;
}

/** Indents JSON, also a body the report truncated (which JSON.parse refuses). */
export function pretty(body: string): string {
  if (!/^\s*[[{]/.test(body)) return body;
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => `\n${'  '.repeat(Math.max(depth, 0))}`;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (inString) {
      out += ch;
      if (ch === '\\') out += body[++i] ?? '';
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === '{' || ch === '[') {
      const empty = body[i + 1] === (ch === '{' ? '}' : ']');
      depth += 1;
      out += empty ? ch : ch + newline();
      if (empty) depth -= 1;
    } else if (ch === '}' || ch === ']') {
      if (body[i - 1] !== (ch === '}' ? '{' : '[')) {
        depth -= 1;
        out += newline();
      }
      out += ch;
    } else if (ch === ',') {
      out += `,${newline()}`;
    } else if (ch === ':') {
      out += ': ';
    } else if (!/\s/.test(ch)) {
      out += ch;
    }
  }
  return out;
}

function tags(c: ReportCase): string {
  const out: string[] = [];
  if (c.baseline === 'regression') out.push('<span class="tag regression">regression</span>');
  if (c.baseline === 'known') out.push('<span class="tag known" title="failed in the baseline too">known failure</span>');
  if (c.baseline === 'improvement') out.push('<span class="tag improvement">fixed since the baseline</span>');
  if (c.expectation)
    out.push(
      `<span class="tag ${c.status === 'passed' ? 'stale' : 'expected'}" title="${esc(c.expectation.reason)}">${c.status === 'passed' ? 'stale expectation' : 'expected'}</span>`,
    );
  if (c.warnings?.length) out.push('<span class="tag warn">warning</span>');
  return out.join('');
}

/** A rule (clause or Zulip fact) as a link to its entry, with its statement. */
function ruleRef(id: string, texts: Map<string, string>): string {
  const kind = isFact(id) ? 'fact' : 'clause';
  return `<div class="clause-ref"><a href="#${anchor(kind, id)}">${esc(id)}</a>${kind === 'fact' ? ' <span class="dim">Zulip fact</span>' : ''} <q>${esc(texts.get(id) ?? '')}</q></div>`;
}

function failureTable(c: ReportCase, texts: Map<string, string>): string {
  const rows = (c.failures ?? []).map((f) => {
    const rules = brokenRules(f)
      .map((id) => ruleRef(id, texts))
      .join('');
    // A zulip check names the facts first and the clause it belongs to as context; one that
    // observes the document's statements through Zulip's means, the clauses and then the facts.
    const context =
      f.profile === 'zulip' && f.facts?.length
        ? `<div class="dim">${f.observedThrough ? `read through ${f.facts.map(esc).join(', ')}` : `in ${f.clauses.map(esc).join(', ')}`}</div>`
        : '';
    const where = `<div class="where">${esc(failureWhere(f))}</div>`;
    const what =
      f.expected !== undefined
        ? `${where}<div class="eg"><span class="k">expected</span><code>${esc(f.expected)}</code><span class="k">got</span><code class="got">${esc(f.actual ?? 'nothing')}</code></div>`
        : `${where}<div class="msg">${esc(f.message)}</div>`;
    return `<tr><td class="clauses-cell">${rules}${context}</td><td>${what}</td></tr>`;
  });
  return rows.length
    ? `<table class="failures"><thead><tr><th>rule broken</th><th>expected vs got</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '';
}

function exchangeView(c: ReportCase): string {
  const ex = c.exchange;
  if (!ex) return '';
  const r = ex.request;
  const params = r.body ? [...new URLSearchParams(r.body)].map(([k, v]) => `${k} = ${v}`).join('\n') : '';
  const request = `<div class="http"><h5>Request <span class="dim">${r.role ? `as ${esc(r.role)}` : 'without credentials'}</span></h5><pre><b>${esc(r.method)}</b> ${esc(r.url)}${params ? `\n\n${esc(params)}` : ''}</pre></div>`;
  const answer = ex.response
    ? `<div class="http"><h5>Answer <span class="dim">HTTP ${ex.response.status}</span></h5><pre class="answer">${esc(pretty(ex.response.body))}</pre></div>`
    : `<div class="http"><h5>No answer</h5><pre>${esc(ex.error ?? '')}</pre></div>`;
  return `<div class="exchange">${request}${answer}</div>`;
}

export function caseView(c: ReportCase, texts: Map<string, string>): string {
  const broken = c.status === 'failed' || c.status === 'errored';
  const chip = (id: string) => `<a class="chip-link" href="#${anchor('clause', id)}">${esc(id)}</a>`;
  const clauseChips = c.clauses.map(chip).join(' ');
  // A schema case cites many clauses: the row shows the first few.
  const rowChips = c.clauses.slice(0, 3).map(chip).join(' ') + (c.clauses.length > 3 ? ` <span class="dim">+${c.clauses.length - 3}</span>` : '');
  const detail = [
    `<p class="title-line dim">${esc(c.file)}${c.since ? ` · needs feature level ${c.since}` : ''} · ${c.durationMs.toFixed(0)} ms</p>`,
    c.expectation
      ? `<p class="note">Expectation: ${esc(c.expectation.reason)}${c.expectation.issue ? ` <span class="dim">(${esc(c.expectation.issue)})</span>` : ''}${c.expectation.expires ? ` <span class="dim">expires ${esc(c.expectation.expires)}</span>` : ''}</p>`
      : '',
    c.message ? `<pre class="message ${c.status}">${esc(skipReason(c))}</pre>` : '',
    broken ? failureTable(c, texts) : '',
    c.warnings?.length ? `<ul class="warnings">${c.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '',
    broken || c.warnings?.length ? exchangeView(c) : '',
    c.curl
      ? `<div class="curl"><h5>Reproduce</h5><pre><code>${esc(c.curl)}</code></pre><button type="button" class="copy" data-copy="${esc(c.curl)}">copy</button></div>`
      : '',
    c.repro
      ? `<div class="curl"><h5>Reproduce every step</h5><pre><code>${esc(c.repro)}</code></pre><button type="button" class="copy" data-copy="${esc(c.repro)}">copy</button></div>`
      : '',
    c.facts?.length
      ? `<p class="dim">Zulip facts: ${c.facts.map((id) => `<a class="chip-link" href="#${anchor('fact', id)}">${esc(id)}</a>`).join(' ')}</p>`
      : '',
    !broken && !c.message && !c.warnings?.length ? `<p class="dim">Clauses: ${clauseChips}</p>` : '',
  ].join('');
  return (
    `<details class="case ${c.status}" id="${anchor('case', c.id)}" data-status="${c.status}" data-op="${esc(c.endpoint)}"${broken ? ' open' : ''}>` +
    `<summary>${badge(c.status)}<code class="case-id">${esc(c.id)}</code><span class="case-title">${esc(c.title)}</span>${tags(c)}<span class="case-clauses">${rowChips}</span></summary>` +
    `<div class="detail">${detail}</div></details>`
  );
}

export function casesByOperation(report: ConformanceReport): Map<string, ReportCase[]> {
  const ops = new Map<string, ReportCase[]>();
  for (const c of report.cases) ops.set(c.endpoint, [...(ops.get(c.endpoint) ?? []), c]);
  return ops;
}
