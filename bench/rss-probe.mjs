// Loaded with --import into a benchmarked CLI run: at exit, writes the process's peak resident
// memory (KiB, worker threads included) to the file named by BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
