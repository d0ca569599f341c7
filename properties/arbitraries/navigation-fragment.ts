// Fragments for POST /navigation_views: blank ones (empty, or only spaces, tabs and newlines)
// and non-blank custom ones. A non-blank fragment is a suffix the property makes run-unique
// (and unique per run) before sending it, so it never names a built-in view (inbox, recent, ...)
// or a view the account already has. Plain ASCII with no surrounding whitespace: the document
// does not say whether a server strips it, and the view must be deleted by its exact fragment.
import fc from 'fast-check';

export interface FragmentValue {
  /** Blank: sent as is. Otherwise a suffix the property appends to its own prefix. */
  text: string;
  blank: boolean;
}

const whitespace = fc.constantFrom(' ', '\t', '\n', '\r\n', '  ');

export const blankFragment: fc.Arbitrary<FragmentValue> = fc
  .array(whitespace, { minLength: 0, maxLength: 4 })
  .map((parts): FragmentValue => ({ text: parts.join(''), blank: true }));

const segment = fc.constantFrom('search', 'is-starred', 'has-link', 'topic', 'sender-42', 'a_b', 'x');
export const customFragment: fc.Arbitrary<FragmentValue> = fc
  .array(segment, { minLength: 1, maxLength: 3 })
  .map((parts): FragmentValue => ({ text: parts.join('/'), blank: false }));

export const navigationFragment: fc.Arbitrary<FragmentValue> = fc.oneof(blankFragment, customFragment);
