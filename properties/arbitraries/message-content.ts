// Message content: markdown words, unicode, code, links and a wildcard mention (@**topic**,
// refused only in large channels, which a run's channels are not). Never empty or blank.
import fc from 'fast-check';

const piece = fc.constantFrom('hello', '**bold**', '_it_', '`code`', 'ünïcode', '🎉', '[link](https://example.com/x)', '@**topic**', '> quote', '1.5');

export const messageContent = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(' '));
