// Values a client should never send: for a boolean, an integer, a JSON list; each is bad input
// that a server answers with an error envelope, not a crash.
import fc from 'fast-check';

/** Text that parses as a JSON scalar: a lenient server may coerce it (1 -> true, "7" -> 7, null -> absent). */
const jsonScalar = (text: string): boolean => {
  try {
    const v: unknown = JSON.parse(text);
    return v === null || typeof v !== 'object';
  } catch {
    return false;
  }
};

export const notBoolean = fc.oneof(
  fc.constantFrom('maybe', 'TRUE ', 'yes', '[]', '{}', '', 'true,false', '\u0000', 'tru'),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !['true', 'false'].includes(s.trim().toLowerCase()) && !jsonScalar(s)),
);

export const notJson = fc.constantFrom('{', '[1,', 'not json', '{"a":}', '\u00ff\u00fe', ']');

/** Text that is not an integer: words, decimals, JSON of other types. */
export const notInteger = fc.oneof(
  fc.constantFrom('abc', '1.5', '[]', '{}', '0x10', 'NaN', 'seven'),
  fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !/^\s*-?\d+\s*$/.test(s) && !jsonScalar(s)),
);

/** IDs no object of a fresh run has (far above any real counter, within 32-bit range). */
export const unknownId = fc.integer({ min: 2_147_000_000, max: 2_147_483_000 });
