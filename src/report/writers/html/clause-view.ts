// Clause coverage: every statement of the API document, its status (tested, unspecified,
// disputed, untested) and links to the cases that check it, coloured by their outcome.
import type { ConformanceReport } from '../../model/model.js';
import { shareBar } from './chart.js';
import { anchor, esc } from './escape.js';
import { clauseCountsText, coverageByOperation, coverageColumns, coverageTotals } from '../../model/coverage.js';

export const CLAUSE_COLORS = { tested: '#1a7f37', unspecified: '#6e7781', disputed: '#bf8700', untested: '#cf222e' } as const;
/** The shares of the untested clauses that are no gap of the suite's: no client can test them, or not at this level. */
const NOT_A_GAP_COLORS = { untestable: '#afb8c1', newer: '#d0d7de' } as const;
const ORDER = ['tested', 'unspecified', 'disputed', 'untested'] as const;

/** An id or path that may wrap after its dots and slashes, where a reader expects it to. */
export const breakable = (id: string) => esc(id).replace(/([./])/g, '$1<wbr>');

/** The first `shown` items, the rest folded under "N <more>": a long list stays a short cell. */
export function folded(items: string[], shown: number, more: string): string {
  if (items.length <= shown) return items.join(' ');
  return `${items.slice(0, shown).join(' ')}<details class="more"><summary>${items.length - shown} ${more}</summary>${items.slice(shown).join(' ')}</details>`;
}

/** The cases seen to catch a server breaking the clause: named when few, counted and folded when many (conv.booleans has 77). */
function provenBy(ids: string[]): string {
  const list = ids.map(esc).join(', ');
  return ids.length <= 3
    ? `<div class="dim">proven by ${list}</div>`
    : `<details class="more proven"><summary>proven by ${ids.length} cases</summary><div class="dim">${list}</div></details>`;
}

export function clauseCoverage(report: ConformanceReport): string {
  const statusOf = new Map(report.cases.map((c) => [c.id, c.status]));
  const counts = Object.fromEntries(ORDER.map((s) => [s, report.clauses.filter((c) => c.status === s).length])) as Record<(typeof ORDER)[number], number>;
  const byEndpoint = new Map<string, ConformanceReport['clauses']>();
  for (const clause of report.clauses) byEndpoint.set(clause.endpoint, [...(byEndpoint.get(clause.endpoint) ?? []), clause]);
  const groups = [...byEndpoint]
    .map(([endpoint, clauses]) => {
      const rows = clauses
        .map((cl) => {
          const link = (id: string) => `<a class="case-link ${statusOf.get(id) ?? ''}" href="#${anchor('case', id)}">${esc(id)}</a>`;
          // Failing cases first; a clause many cases cite (conv.booleans) shows a few and folds the rest.
          const ids = [...cl.cases].sort(
            (x, y) =>
              Number(statusOf.get(y) === 'failed' || statusOf.get(y) === 'errored') - Number(statusOf.get(x) === 'failed' || statusOf.get(x) === 'errored'),
          );
          const cases = folded(ids.map(link), 8, 'more cases');
          return (
            `<tr class="clause" id="${anchor('clause', cl.id)}" data-cstatus="${cl.status}">` +
            `<td><code>${breakable(cl.id)}</code>${cl.since ? `<div class="dim">since ${cl.since}</div>` : ''}</td>` +
            `<td><span class="cbadge ${cl.status}">${cl.status}</span></td>` +
            `<td>${esc(cl.text)}${cl.disputed ? `<div class="note">The Zulip server: ${esc(cl.disputed)}${cl.facts?.length ? ` (${cl.facts.map((id) => `<a href="#${anchor('fact', id)}">${esc(id)}</a>`).join(', ')})` : ''}</div>` : ''}` +
            `${cl.unobservable ? `<div class="note">Not observable under the spec profile: ${esc(cl.unobservable)}</div>` : ''}` +
            `${cl.untestable ? `<div class="note">Not testable by a client: ${esc(cl.untestable)}</div>` : ''}</td>` +
            `<td class="case-links">${cases || '<span class="dim">no case</span>'}${cl.provenBy?.length ? provenBy(cl.provenBy) : cl.cases.length && cl.status === 'untested' ? '<div class="dim">no case citing it has been seen to catch a server breaking it</div>' : ''}</td></tr>`
          );
        })
        .join('');
      return `<tbody class="clause-group"><tr class="group-head"><th colspan="4">${esc(endpoint)}</th></tr>${rows}</tbody>`;
    })
    .join('');
  const rows = coverageByOperation(report);
  // One set of counts: the untested chip filters every clause of that status, and says how many
  // of them are untestable or newer than the target, as the sentence and the table count them.
  const total = coverageTotals(rows);
  const apart = [total.untestable ? `${total.untestable} untestable` : '', total.newer ? `${total.newer} newer than the target` : ''].filter(Boolean);
  const chips = ORDER.map(
    (s) =>
      `<button type="button" class="chip cchip ${s}" data-cstatus="${s}" aria-pressed="true">${s} <b>${s === 'untested' ? total.untested : counts[s]}</b>${s === 'untested' && apart.length ? ` + ${apart.join(', ')}` : ''}</button>`,
  ).join('');
  const shown = coverageColumns(rows);
  const columns = shown.map(([, label]) => `<th>${esc(label)}</th>`).join('');
  const perOp = rows
    .map(
      (r) =>
        `<tr><td>${breakable(r.operation)}</td>${shown.map(([k]) => `<td class="num${k === 'untested' && r.untested ? ' bad' : ''}">${r[k]}</td>`).join('')}</tr>`,
    )
    .join('');
  const perOpTable = `<div class="scroll"><table class="coverage"><thead><tr><th>operation</th>${columns}</tr></thead><tbody>${perOp}</tbody></table></div>`;
  return (
    `<section id="clauses"><h2>Clause coverage</h2>` +
    `<p class="lede">${report.clauses.length} statements of the API document: ${esc(clauseCountsText(report))}. <em>unspecified</em>: the document says "not shown" (of the statement, or of every way to observe it), nothing is asserted; <em>disputed</em>: the document and the Zulip server disagree; <em>tested</em>: a case that ran has been seen to fail against a server breaking it (a mutant of the suite's own tests); <em>untested</em>: no such case ran.</p>` +
    shareBar([
      ...ORDER.filter((s) => s !== 'untested').map((s) => ({ label: s, count: counts[s], color: CLAUSE_COLORS[s] })),
      { label: 'untestable', count: total.untestable, color: NOT_A_GAP_COLORS.untestable },
      { label: 'newer than the target', count: total.newer, color: NOT_A_GAP_COLORS.newer },
      { label: 'untested', count: total.untested, color: CLAUSE_COLORS.untested },
    ]) +
    perOpTable +
    `<div class="filters" role="group" aria-label="clause status">${chips}</div>` +
    `<table class="clauses"><colgroup><col class="c-id"><col class="c-status"><col><col class="c-cases"></colgroup><thead><tr><th>clause</th><th>status</th><th>statement</th><th>cases</th></tr></thead>${groups}</table></section>`
  );
}

/** The Zulip facts the zulip-profile checks rest on, each with its evidence in the Zulip server's source. */
export function factsView(report: ConformanceReport): string {
  const facts = report.facts ?? [];
  if (!facts.length) return '';
  const statusOf = new Map(report.cases.map((c) => [c.id, c.status]));
  const rows = facts
    .map((f) => {
      const evidence = f.evidence
        .map((e) => `<li><code>${esc(e.path)}</code> <b>${esc(e.symbol)}</b>${e.note ? ` <span class="dim">${esc(e.note)}</span>` : ''}</li>`)
        .join('');
      const cases = folded(
        f.cases.map((id) => `<a class="case-link ${statusOf.get(id) ?? ''}" href="#${anchor('case', id)}">${esc(id)}</a>`),
        8,
        'more cases',
      );
      return (
        `<tr id="${anchor('fact', f.id)}"><td><code>${breakable(f.id)}</code><div class="dim">feature level ${f.featureLevel}</div></td>` +
        `<td>${esc(f.statement)}<ul class="evidence">${evidence}</ul></td><td class="case-links">${cases || '<span class="dim">no case</span>'}</td></tr>`
      );
    })
    .join('');
  return (
    `<section id="facts"><h2>Zulip facts</h2><p class="lede">Behaviour of the Zulip server where the API document is silent, checked under the zulip profile; each with the file and symbol of the Zulip server's source that decides it.</p>` +
    `<table class="clauses"><colgroup><col class="c-id"><col><col class="c-cases"></colgroup><thead><tr><th>fact</th><th>statement and evidence</th><th>cases</th></tr></thead><tbody>${rows}</tbody></table></section>`
  );
}
