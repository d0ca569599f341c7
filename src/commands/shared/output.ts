// Where a command prints: its own module, so the commands share it without importing run.ts.
export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}
