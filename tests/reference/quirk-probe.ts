// The shape of a quirk probe, in its own module so the probe files and their index do not
// import each other.
import type { ReferenceServer } from '../../src/reference/server.js';

/** What to ask, what a faithful server answers, what the quirk answers. */
export interface QuirkProbe {
  quirk: string;
  probe: (s: ReferenceServer) => Promise<unknown>;
  normal: unknown;
  quirked: unknown;
}
