// Topic names a client may send: plain words, unicode (astral too), the resolved prefix "✔ ",
// and names at the realm's max_topic_length. No surrounding whitespace (servers strip it) and
// no control characters (refused). The empty topic is its own value, added where a property
// wants it: its display depends on allow_empty_topic_name.
import fc from 'fast-check';

const word = fc.constantFrom('alpha', 'beta', 'release', 'ünïcode', '話題', '🐙 octo', 'a.b-c', 'x');

export function topicName(maxTopicLength = 60): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')) },
    { weight: 1, arbitrary: word.map((w) => `✔ ${w}`) },
    { weight: 1, arbitrary: fc.constantFrom('m', 'ü', '中').map((c) => c.repeat(maxTopicLength)) },
  );
}

/** Distinct topic names (case-insensitively: servers treat "Alpha" and "alpha" as one topic). */
export function distinctTopics(count: number, maxTopicLength = 60): fc.Arbitrary<string[]> {
  return fc.uniqueArray(topicName(maxTopicLength), { minLength: count, maxLength: count, selector: (t) => t.toLowerCase() });
}
