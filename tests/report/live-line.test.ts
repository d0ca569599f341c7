// The terminal's live line: lines printed above it, the status redrawn below, cut to the width.
import { describe, expect, it } from 'vitest';
import { LiveLine } from '../../src/report/writers/live-line.js';
import { progressLine } from '../../src/report/writers/console-output.js';

describe('LiveLine', () => {
  it('prints a line above the status and draws the status again; clear removes it', () => {
    let screen = '';
    const live = new LiveLine({ write: (text) => (screen += text), columns: 40 });
    live.set('  1/3 cases');
    live.print('FAIL x');
    live.clear();
    expect(screen).toBe('\r\x1b[2K  1/3 cases\r\x1b[2KFAIL x\n  1/3 cases\r\x1b[2K');
  });

  it('cuts a status wider than the terminal, which \\r could not rewrite once wrapped', () => {
    let screen = '';
    new LiveLine({ write: (text) => (screen += text), columns: 12 }).set('preflight: waiting for a long time');
    expect(screen).toBe('\r\x1b[2Kprefligh...'); // 11 columns: one is kept free for the cursor
  });

  it('says cases done of total, failing and elapsed time', () => {
    expect(progressLine(120, 357, 0, 3400)).toBe('  120/357 cases · 0 failing · 3.4 s');
  });
});
