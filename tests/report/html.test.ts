// conformance.html: checked as a structure (parsed with the XML-ish checks of a test, no
// browser needed), and rendered in headless Chromium when it is installed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlReport } from '../../src/report/writers/html/page.js';
import { pretty } from '../../src/report/writers/html/case-view.js';
import { fixtureReport } from './fixture.js';
import { clauseCountsText, coverageByOperation, coverageTotals } from '../../src/report/model/coverage.js';
import { BROWSER_NOTE, CHROMIUM, CHROMIUM_FLAGS, RUN_BROWSER_TESTS } from '../support/chromium.js';
import { scaled } from '../support/time-limits.js';

const html = htmlReport(fixtureReport());
const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);

describe('conformance.html', () => {
  it('loads nothing from the network: no external src, href, stylesheet or url()', () => {
    expect(html).not.toMatch(/\s(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/url\(|@import/i);
    for (const [, href] of html.matchAll(/\shref="([^"]*)"/g)) expect(href).toMatch(/^#/);
    expect(html).toMatch(/^<!doctype html>/);
  });

  it('has unique ids, one row per case, one per clause, and every link lands on an id', () => {
    expect(new Set(ids).size).toBe(ids.length);
    expect(html.match(/<details class="case /g)).toHaveLength(4);
    expect(html.match(/<tr class="clause"/g)).toHaveLength(5);
    for (const [, target] of html.matchAll(/\shref="#([^"]*)"/g)) expect(ids).toContain(target);
    expect(html).toContain('id="case-op1.fail" data-status="failed" data-op="GET /streams" open>');
    expect(html).toContain('id="case-op1.pass" data-status="passed" data-op="GET /streams">');
  });

  it('shows the summary counts, the level the server claims and conforms through, and both charts', () => {
    expect(html).toMatch(/id="count-failed"><div class="n">1</);
    expect(html).toContain('claims 420, judged as 380, conforms through no level');
    expect(html).toContain('<figcaption>Per operation</figcaption>');
    expect(html).toContain('<figcaption>Per feature level (the level a case needs; base: no level)</figcaption>');
    expect(html).toContain('title="GET /streams: 1 failed"');
  });

  it('states the clause counts every report states: the sentence, the share bar and the untested chip agree', () => {
    const report = fixtureReport();
    report.target.featureLevel = 300;
    report.clauses = [...report.clauses, { id: 'op9.later', endpoint: 'GET /streams', text: 'later', since: 392, status: 'untested', cases: [] }];
    const html = htmlReport(report);
    const total = coverageTotals(coverageByOperation(report));
    expect(total.newer).toBeGreaterThan(0);
    expect(html).toContain(`statements of the API document: ${clauseCountsText(report)}.`);
    expect(html).toContain(`data-cstatus="untested" aria-pressed="true">untested <b>${total.untested}</b> + ${total.newer} newer than the target</button>`);
    expect(html).toContain(`<title>${total.newer} newer than the target</title>`);
  });

  it('shows a failure with clause text, expected vs got, request, answer and curl, all escaped', () => {
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&quot;name&quot;: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(html).toContain('<q>Channels come &lt;sorted&gt; by name.</q>');
    expect(html).toContain('<div class="note">Not observable under the spec profile: reads of &lt;it&gt; are not shown</div>');
    expect(html).toContain(
      '<span class="k">expected</span><code>ascending order</code><span class="k">got</span><code class="got">&quot;b&quot; before &quot;a&quot; (index 0)</code>',
    );
    expect(html).toContain('sorted &lt;by&gt; name &amp; &quot;id&quot;');
    expect(html).toContain(
      'curl -sS -X POST -u &quot;$CONFORMANCE_MEMBER_EMAIL:$CONFORMANCE_MEMBER_API_KEY&quot; --data-raw &#39;status_text=it&#39;\\&#39;&#39;s&#39;',
    );
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('indents a JSON answer even when the report truncated it', () => {
    expect(pretty('{"a":[1,{"b":"x,}"}],"c":{}}')).toBe('{\n  "a": [\n    1,\n    {\n      "b": "x,}"\n    }\n  ],\n  "c": {}\n}');
    expect(pretty('{"a":[1,2')).toBe('{\n  "a": [\n    1,\n    2');
    expect(pretty('not json')).toBe('not json');
  });

  it.runIf(RUN_BROWSER_TESTS)(`at 420 px wide: no sideways scroll, chart labels at their own size${BROWSER_NOTE}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcc-html-'));
    // Long unbroken words, as real titles and clause texts have (realm_empty_topic_display_name).
    const wide = fixtureReport();
    wide.cases[0].title += ' realm_empty_topic_display_name_and_allow_empty_topic_name';
    wide.clauses = wide.clauses.map((cl) => ({ ...cl, text: `${cl.text} move_messages_within_stream_limit_seconds_and_more` }));
    writeFileSync(join(dir, 'conformance.html'), htmlReport(wide));
    // The report in a 420 px frame; the frame's page measures it and writes the numbers into the DOM.
    writeFileSync(
      join(dir, 'phone.html'),
      `<!doctype html><body><iframe id="f" src="conformance.html" style="width:420px;height:800px;border:0"></iframe><script>
      document.getElementById('f').addEventListener('load', () => {
        const doc = document.getElementById('f').contentDocument;
        // The size on screen: an SVG's text is scaled with the drawing.
        const labels = [...doc.querySelectorAll('.bar-label')].map((e) => parseFloat(getComputedStyle(e).fontSize) * (e.getScreenCTM ? e.getScreenCTM().a : 1));
        document.body.dataset.overflow = String(doc.documentElement.scrollWidth - doc.documentElement.clientWidth);
        document.body.dataset.labels = String(labels.length);
        document.body.dataset.smallestLabel = String(Math.min(...labels));
      });
    </script></body>`,
    );
    const dom = execFileSync(
      CHROMIUM,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--allow-file-access-from-files',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${join(dir, 'profile')}`,
        '--virtual-time-budget=5000',
        '--dump-dom',
        `file://${join(dir, 'phone.html')}`,
      ],
      { encoding: 'utf8', timeout: scaled(30_000), stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(dom).toMatch(/data-overflow="0"/);
    expect(dom).toMatch(/data-labels="[1-9]\d*"/);
    expect(Number(/data-smallest-label="([\d.]+)"/.exec(dom)?.[1])).toBeGreaterThanOrEqual(12);
  });

  it.runIf(RUN_BROWSER_TESTS)(`renders in headless Chromium, and its script runs (filters, counts)${BROWSER_NOTE}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcc-html-'));
    const file = join(dir, 'conformance.html');
    writeFileSync(file, html);
    const dom = execFileSync(CHROMIUM, [...CHROMIUM_FLAGS, `--user-data-dir=${join(dir, 'profile')}`, '--dump-dom', `file://${file}`], {
      encoding: 'utf8',
      timeout: scaled(30_000),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(dom).toContain('data-ready="true"');
    expect(dom).toContain('4 of 4 cases shown');
    // The serialised DOM, tags dropped; text nodes keep their entities (&lt;), so markup from the server stayed text.
    const text = dom
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Conformance report');
    expect(text).toContain('op1.fail sorted &lt;by&gt; name');
    expect(text).toContain('Channels come &lt;sorted&gt; by name.');
    expect(text).toContain('"&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(text).toContain('1 passed 1 failed 1 errored 1 skipped no level conforms through: the server claims 420, judged as 380');
  });
});
