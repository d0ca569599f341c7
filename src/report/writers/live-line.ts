// One status line at the bottom of a terminal, rewritten in place (progress, what the preflight
// waits for), with the run's ordinary lines printed above it. Only for a TTY: a CI log gets the
// ordinary lines alone, with no carriage returns or escape codes in it.
import { stripVTControlCharacters } from 'node:util';

export interface Terminal {
  write(text: string): unknown;
  columns?: number;
}

const CLEAR = '\r\x1b[2K';

export class LiveLine {
  private text = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly terminal: Terminal) {}

  /** A line of the run: printed above the status line, which is drawn again below it. */
  print(line: string): void {
    this.terminal.write(`${CLEAR}${line}\n${this.fitted()}`);
  }

  /** Replaces the status line. */
  set(text: string): void {
    this.text = text;
    this.terminal.write(`${CLEAR}${this.fitted()}`);
  }

  /** Redraws the status line from `render` every second (the elapsed time moves while nothing else does). */
  every(render: () => string, ms = 1000): void {
    this.stopTimer();
    this.timer = setInterval(() => this.set(render()), ms);
    this.timer.unref();
  }

  /** Removes the status line. */
  clear(): void {
    this.stopTimer();
    this.text = '';
    this.terminal.write(CLEAR);
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A status longer than the terminal would wrap, and \r could no longer rewrite it. */
  private fitted(): string {
    const width = (this.terminal.columns || 80) - 1;
    return stripVTControlCharacters(this.text).length > width ? `${stripVTControlCharacters(this.text).slice(0, width - 3)}...` : this.text;
  }
}
