// Values a client should never send: for a boolean, an integer, a JSON list; each is bad input
// that a server answers with an error envelope, not a crash.
import fc from 'fast-check';

export const notBoolean = fc.oneof(
  fc.constantFrom('maybe', 'TRUE ', 'yes', '1.5', '[]', '{}', 'null', '', 'true,false', '\u0000', 'tru'),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !['true', 'false'].includes(s.trim().toLowerCase())),
);

export const notJson = fc.constantFrom('{', '[1,', 'not json', '{"a":}', '\u00ff\u00fe', ']');
