// Status texts around the 60-character limit: any Unicode (astral characters included, which
// count as one character but two UTF-16 units), without surrounding whitespace, which the
// Zulip server trims before counting. Lengths cluster at the limit, where servers go wrong.
import fc from 'fast-check';

const bmp = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'Z', '7', '-', 'é', 'ß', '中') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);
const astral = fc.constantFrom('🐙', '🎉', '𝔘', '😀');
const length = fc.oneof(fc.integer({ min: 1, max: 75 }), fc.integer({ min: 58, max: 62 }));

export const statusText = fc
  .tuple(length, fc.constantFrom(0, 0.5, 1))
  .chain(([n, astralShare]) => fc.array(astralShare === 0 ? bmp : astralShare === 1 ? astral : fc.oneof(bmp, astral), { minLength: n, maxLength: n }))
  .map((chars) => chars.join('').trim())
  .filter((text) => text.length > 0);

export const codePoints = (text: string) => [...text].length;
