// Small reports for the report model's unit tests: a case of any status, a report around cases.
import { summarize, type ConformanceReport, type ReportCase } from '../../src/report/model/model.js';
import type { CaseStatus } from '../../src/engine/run/run-case.js';

export const kase = (id: string, status: CaseStatus, more: Partial<ReportCase> = {}): ReportCase => ({
  id,
  endpoint: 'GET /x',
  title: id,
  file: 'specs/x.yaml',
  clauses: [],
  status,
  durationMs: 1,
  ...more,
});

export type ReportInput = Omit<ConformanceReport, 'verdict'>;

/** A report of the spec profile at level 1 around the cases, their summary counted. */
export const report = (cases: ReportCase[], more: Partial<ReportInput> = {}): ReportInput => ({
  formatVersion: 1,
  tool: { name: 't', version: '0' },
  startedAt: '',
  durationMs: 0,
  clauses: [],
  runWarnings: [],
  target: { url: 'u', featureLevel: 1, claimedFeatureLevel: null, profile: 'spec', embedded: true },
  summary: summarize(cases),
  cases,
  ...more,
});
