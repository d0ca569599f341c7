// Joins the reports of a sharded run (--shard i/n on several machines) into one report set:
// the cases of every shard, the clause coverage recomputed from them, and the derived fields.
import { ConfigError } from '../../common/vocabulary.js';
import { clauseStatus, sortCases, type ClauseEntry, type ConformanceReport, type FactEntry, type ReportCase } from '../model/model.js';
import { finish } from '../model/assemble.js';
import { compareWithBaseline } from '../model/baseline.js';
import { checkShardSet } from './shard-set.js';
import { addCosts } from '../../http/request-cost.js';
import type { VerdictOptions } from '../model/verdict.js';

export function mergeReports(
  reports: { file: string; report: ConformanceReport }[],
  baseline?: { file: string; report: ConformanceReport },
  verdictOptions: VerdictOptions = {},
): ConformanceReport {
  if (!reports.length) throw new ConfigError('merge: give at least one conformance.json');
  const first = reports[0].report;
  for (const { file, report } of reports) {
    // URLs may differ (each CI machine may start its own server); what the cases judged may not.
    if (report.target.profile !== first.target.profile || report.target.featureLevel !== first.target.featureLevel) {
      throw new ConfigError(
        `merge: ${file} was run with profile ${report.target.profile} at feature level ${report.target.featureLevel}, ` +
          `${reports[0].file} with profile ${first.target.profile} at ${first.target.featureLevel}`,
      );
    }
  }
  checkShardSet(reports);
  const cases = new Map<string, ReportCase>();
  for (const { file, report } of reports) {
    for (const c of report.cases) {
      const other = cases.get(c.id);
      if (other && other.status !== c.status)
        throw new ConfigError(`merge: case ${c.id} is ${other.status} in one report and ${c.status} in ${file} (overlapping shards?)`);
      if (!other) cases.set(c.id, { ...c });
    }
  }
  // A baseline given to merge is applied afresh; else the shards' own baseline sections are joined.
  const merged = sortCases([...cases.values()]).map((c) => {
    if (!baseline) return c;
    const { baseline: _b, ...rest } = c;
    return rest;
  });
  const shardBaselines = reports.map((r) => r.report.baseline).filter((b) => b !== undefined);
  const statusOf = new Map(merged.map((c) => [c.id, c.status]));
  // Every shard lists every clause: a clause is tested as soon as any shard ran a proven case.
  const shardsOf = new Map<string, ClauseEntry[]>();
  for (const { report } of reports) for (const cl of report.clauses) shardsOf.set(cl.id, [...(shardsOf.get(cl.id) ?? []), cl]);
  const clauses = [...shardsOf.values()].map((entries): ClauseEntry => {
    const { unobservable: _u, provenBy: _p, ...rest } = entries[0];
    const citing = [...new Set(entries.flatMap((e) => e.cases))].sort();
    const provenBy = [...new Set(entries.flatMap((e) => e.provenBy ?? []))].filter((id) => statusOf.get(id) !== 'skipped').sort();
    const unobservableUnderSpec = entries.find((e) => e.unobservable)?.unobservable;
    const catalogUnspecified = entries.some((e) => e.status === 'unspecified' && !e.unobservable);
    const { status, unobservable } = clauseStatus(
      { status: catalogUnspecified ? 'unspecified' : undefined, disputed: rest.disputed, unobservableUnderSpec },
      first.target.profile,
      provenBy.length > 0,
    );
    return { ...rest, status, ...(unobservable ? { unobservable } : {}), cases: citing, ...(provenBy.length ? { provenBy } : {}) };
  });
  const factsById = new Map<string, FactEntry>();
  for (const { report } of reports) {
    for (const f of report.facts ?? []) {
      const have = factsById.get(f.id);
      const cases = [...new Set([...(have?.cases ?? []), ...f.cases])].sort();
      const provenBy = [...new Set([...(have?.provenBy ?? []), ...(f.provenBy ?? [])])].sort();
      factsById.set(f.id, { ...f, cases, ...(provenBy.length ? { provenBy } : {}) });
    }
  }
  const started = reports.map((r) => r.report.startedAt).sort()[0];
  // A complete set of shards covers what one run would have: only the other filters remain.
  const { shard: _shard, ...filter } = first.filter ?? {};
  const interruptedBy = reports.map((r) => r.report.verdict.interrupted?.signal).find((signal) => signal !== undefined);
  const costs = reports.flatMap((r) => (r.report.cost ? [r.report.cost] : []));
  const expectations = reports.map((r) => r.report.expectations).filter((e) => e !== undefined);
  return finish(
    {
      formatVersion: 1,
      tool: first.tool,
      target: { ...first.target, url: [...new Set(reports.map((r) => r.report.target.url))].join(', ') },
      startedAt: started,
      durationMs: Math.max(...reports.map((r) => r.report.durationMs)),
      summary: first.summary,
      ...(Object.keys(filter).length ? { filter } : {}),
      ...(costs.length ? { cost: addCosts(costs) } : {}),
      ...(first.propertyBudget ? { propertyBudget: { ...first.propertyBudget, runs: merged.reduce((sum, c) => sum + (c.property?.runs ?? 0), 0) } } : {}),
      ...(baseline
        ? { baseline: compareWithBaseline(merged, baseline.report, baseline.file) }
        : shardBaselines.length
          ? {
              baseline: {
                file: shardBaselines[0].file,
                knownFailures: shardBaselines.flatMap((b) => b.knownFailures),
                regressions: shardBaselines.flatMap((b) => b.regressions),
                improvements: shardBaselines.flatMap((b) => b.improvements),
              },
            }
          : {}),
      ...(expectations.length
        ? {
            expectations: {
              file: expectations[0].file,
              expected: expectations.flatMap((e) => e.expected),
              stale: expectations.flatMap((e) => e.stale),
              expired: uniqueBy(
                expectations.flatMap((e) => e.expired),
                (x) => x.id,
              ),
              unknown: [...new Set(expectations.flatMap((e) => e.unknown))],
            },
          }
        : {}),
      ...(first.api ? { api: first.api } : {}),
      cases: merged,
      clauses,
      ...(factsById.size ? { facts: [...factsById.values()] } : {}),
      runWarnings: reports.flatMap((r) => r.report.runWarnings),
    },
    { ...verdictOptions, ...(interruptedBy ? { interruptedBy } : {}) },
  );
}

function uniqueBy<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of list) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}
