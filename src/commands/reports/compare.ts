// `compare A.json B.json`: what changed between two runs, as text, Markdown or HTML.
// Exit 0; with --fail-on-regression, 1 when a case passed in A and fails in B.
import { writeFileSync } from 'node:fs';
import { ConfigError } from '../../common/vocabulary.js';
import { readReport } from '../../report/model/read-report.js';
import { compareReports } from '../../report/cross-run/compare.js';
import { compareHtml, compareMarkdown, compareText } from '../../report/cross-run/compare-render.js';
import type { Output } from '../shared/output.js';

export interface CompareOptions {
  format: string;
  out?: string;
  failOnRegression?: boolean;
}

const RENDER = { text: compareText, md: compareMarkdown, html: compareHtml } as const;

export function compare(a: string, b: string, options: CompareOptions, io: Output): number {
  const render = RENDER[options.format as keyof typeof RENDER];
  if (!render) throw new ConfigError(`--format: expected one of ${Object.keys(RENDER).join(', ')}, got "${options.format}"`);
  const comparison = compareReports(readReport(a), readReport(b), [a, b]);
  const text = render(comparison);
  if (options.out) {
    writeFileSync(options.out, text);
    io.out(`comparison written to ${options.out}`);
  } else {
    process.stdout.write(text);
  }
  const failing = comparison.cases.filter((c) => c.change === 'newly-failing');
  if (options.out && failing.length) io.out(`${failing.length} newly failing: ${failing.map((c) => c.id).join(', ')}`);
  return options.failOnRegression && failing.length ? 1 : 0;
}
