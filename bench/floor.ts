// The machine's floor beside a run (bench/floor.mjs in a process of its own), and what the probe
// loaded into a benchmarked run (bench/rss-probe.mjs) wrote at its exit.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { projectPath } from '../src/common/paths.js';

export interface Floor {
  /** From the process's start to its last answer. */
  wallMs: number;
  cpuMs: number;
}

/** A bare node:http server answering `requests` requests from undici, 8 in flight, in a process of its own. */
export function machineFloor(requests: number): Promise<Floor> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [projectPath('bench', 'floor.mjs'), String(requests)], (error, stdout) => {
      if (error) return reject(new Error(`bench/floor.mjs: ${error.message}`));
      const { wallMs, cpuUs } = JSON.parse(stdout) as { wallMs: number; cpuUs: number };
      resolve({ wallMs, cpuMs: cpuUs / 1000 });
    });
  });
}

/** Peak memory (MiB) and CPU time (ms) of a benchmarked run, as its probe wrote them. */
export function readProbe(file: string): { rssMiB: number; cpuMs: number } {
  const { maxRSS, cpuUs } = JSON.parse(readFileSync(file, 'utf8')) as { maxRSS: number; cpuUs: number };
  return { rssMiB: maxRSS / 1024, cpuMs: cpuUs / 1000 };
}
