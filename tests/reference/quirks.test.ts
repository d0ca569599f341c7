// Each quirk changes behaviour exactly the way its description says, and only with it on.
import { describe, expect, it } from 'vitest';
import { QUIRKS, startReferenceServer } from '../../src/reference/server.js';
import { QUIRK_PROBES } from './quirk-probes.js';

describe('reference server: quirks', () => {
  it('every quirk has a description and a probe', () => {
    expect(QUIRK_PROBES.map((p) => p.quirk).sort()).toEqual(Object.keys(QUIRKS).sort());
    for (const description of Object.values(QUIRKS)) expect(description.length).toBeGreaterThan(10);
  });

  it('an unknown quirk name is refused, naming it', async () => {
    await expect(startReferenceServer({ quirks: ['no-such-quirk'] })).rejects.toThrow(/no-such-quirk/);
  });

  for (const { quirk, probe, normal, quirked } of QUIRK_PROBES) {
    it(quirk, async () => {
      // Without creation notices, as the probes count the messages they send.
      const [plain, faulty] = await Promise.all([
        startReferenceServer({ channelNotices: false }),
        startReferenceServer({ quirks: [quirk], channelNotices: false }),
      ]);
      try {
        expect(await probe(plain)).toEqual(normal);
        expect(await probe(faulty)).toEqual(quirked);
      } finally {
        await Promise.all([plain.close(), faulty.close()]);
      }
    });
  }
});
