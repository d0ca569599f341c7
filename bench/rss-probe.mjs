// Loaded with --import into a benchmarked CLI run: at exit, writes the process's peak resident
// memory (KiB) and the CPU time it used (user + system, µs), worker threads included, to the
// file named by BENCH_RSS_FILE, as JSON.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (!process.env.BENCH_RSS_FILE) return;
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({ maxRSS, cpuUs: userCPUTime + systemCPUTime }));
});
