// visibility_policy values for POST /user_topics: the four the document allows (0 none,
// 1 muted, 2 unmuted, 3 followed), integers just outside and far outside that range, and
// texts that are not integers at all. `valid` is the document's verdict.
import fc from 'fast-check';

export interface PolicyValue {
  value: number | string;
  valid: boolean;
}

export const VALID_POLICIES = [0, 1, 2, 3] as const;

const valid = fc.constantFrom(...VALID_POLICIES).map((value): PolicyValue => ({ value, valid: true }));

const badInteger = fc
  .oneof(fc.constantFrom(-1, 4, 5, 100), fc.integer({ min: -1000, max: -1 }), fc.integer({ min: 4, max: 1000 }))
  .map((value): PolicyValue => ({ value, valid: false }));

// Sent as text: a fraction, words, an empty value, a number with garbage after it (not
// "0.0" or "true": a lenient JSON integer parser may read those as 0 and 1).
const notInteger = fc.constantFrom('1.5', 'one', 'muted', '', '2x').map((value): PolicyValue => ({ value, valid: false }));

export const visibilityPolicy: fc.Arbitrary<PolicyValue> = fc.oneof(
  { weight: 2, arbitrary: valid },
  { weight: 1, arbitrary: badInteger },
  { weight: 1, arbitrary: notInteger },
);
