// The API a run judged, as the spec files know it: each operation of the API document and each
// parameter it lists, with the feature level each appeared at. `compare` reads it to tell what
// the API gained between the levels of two runs.
import type { SpecFile } from '../../engine/load/types.js';

export interface ApiSummary {
  /** Each operation and the feature level it appeared at (none: older than the levels the suite tells apart). */
  operations: { endpoint: string; since?: number }[];
  /** Each documented parameter and the level it appeared at. */
  parameters: { endpoint: string; name: string; since?: number }[];
}

export function apiOf(specs: readonly SpecFile[]): ApiSummary {
  const operations = new Map<string, number | undefined>();
  const parameters = new Map<string, { endpoint: string; name: string; since?: number }>();
  for (const spec of specs) {
    if (!operations.has(spec.operation) || spec.since !== undefined) operations.set(spec.operation, spec.since);
    for (const p of spec.parameters ?? []) {
      const entry = typeof p === 'string' ? { endpoint: spec.operation, name: p } : { endpoint: spec.operation, name: p.name, since: p.since };
      parameters.set(`${spec.operation} ${entry.name}`, entry);
    }
  }
  const byName = (a: { endpoint: string }, b: { endpoint: string }) => a.endpoint.localeCompare(b.endpoint);
  return {
    operations: [...operations].map(([endpoint, since]) => ({ endpoint, ...(since !== undefined ? { since } : {}) })).sort(byName),
    parameters: [...parameters.values()].sort((a, b) => byName(a, b) || a.name.localeCompare(b.name)),
  };
}
