// conformance.html of a full-size run, rendered in headless Chromium from a phone's width to a wide
// desktop's: the page never scrolls sideways and nothing is cut. Every box fits in the page, or in
// a box of its own that scrolls (a wide table, a long line of code); nothing sticks out of a box that
// clips it; no text runs past the box it is in. Every <details> is opened first, so what a long
// list folds away must fit too. SCREENSHOTS=dir also saves what each width looks like.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlReport } from '../../src/report/writers/html/page.js';
import { BROWSER_NOTE, launchChromium, RUN_BROWSER_TESTS } from '../support/chromium.js';
import { scaled } from '../support/time-limits.js';
import { fullSizeReport } from './full-report.js';

const WIDTHS = [360, 420, 640, 800, 1024, 1400, 1920];

interface Layout {
  pageWidth: number;
  windowWidth: number;
  /** Boxes past the page's right edge, boxes past a box that clips them, text past its box. */
  problems: string[];
}

/** Runs in the page: what sticks out, and where. */
function measure(): Layout {
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
  const path = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) parts.unshift(name(e));
    return parts.join(' > ');
  };
  const windowWidth = document.documentElement.clientWidth;
  const problems: string[] = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!el.getClientRects().length) continue;
    const box = el.getBoundingClientRect();
    let clip: Element | null = null;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== 'visible') {
        clip = a;
        break;
      }
    if (clip) {
      const kind = getComputedStyle(clip).overflowX;
      const edge = clip.getBoundingClientRect();
      if ((kind === 'hidden' || kind === 'clip') && box.right > edge.right + 1)
        problems.push(`${path(el)}: cut at ${Math.round(edge.right)} px (ends at ${Math.round(box.right)})`);
    } else if (box.right > windowWidth + 1) problems.push(`${path(el)}: ends at ${Math.round(box.right)} px`);
    const style = getComputedStyle(el);
    if (style.overflowX === 'visible' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${path(el)}: content ${el.scrollWidth} px wide in ${el.clientWidth} px`);
  }
  return { pageWidth: document.documentElement.scrollWidth, windowWidth, problems };
}

describe(`conformance.html of a full-size run at ${WIDTHS.join(', ')} px${BROWSER_NOTE}`, { timeout: scaled(120_000) }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'tcc-widths-'));
  const file = join(dir, 'conformance.html');
  let browser: BrowserContext;

  beforeAll(async () => {
    if (!RUN_BROWSER_TESTS) return;
    writeFileSync(file, htmlReport(fullSizeReport()));
    browser = await launchChromium();
  }, scaled(60_000));
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of WIDTHS)
    it.runIf(RUN_BROWSER_TESTS)(`${width} px: no sideways scroll, nothing cut, every fold opened`, async () => {
      const page = await browser.newPage();
      try {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`file://${file}`);
        const shots = process.env.SCREENSHOTS;
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await page.screenshot({ path: join(shots, `report-${width}.png`) });
          await page.locator('#clauses').scrollIntoViewIfNeeded();
          await page.evaluate(() => document.getElementById('clauses')!.scrollIntoView());
          await page.screenshot({ path: join(shots, `report-${width}-clauses.png`) });
        }
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        const layout = await page.evaluate(measure);
        expect(layout.problems.slice(0, 10)).toEqual([]);
        expect(layout.pageWidth).toBe(layout.windowWidth);
        expect(layout.windowWidth).toBe(width);
      } finally {
        await page.close();
      }
    });
});
