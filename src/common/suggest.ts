// "did you mean ...?" for a mistyped name: the known name at the smallest edit distance
// (Levenshtein, ignoring case), if it is near enough to be a plausible typo.
import { distance } from 'fastest-levenshtein';

export function closestName(word: string, known: readonly string[], maxDistance = Math.max(3, Math.ceil(word.length / 3))): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of known) {
    const d = distance(word.toLowerCase(), name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return bestDistance <= maxDistance ? best : null;
}

/** " (did you mean X?)", or "" when nothing is close. */
export function didYouMean(word: string, known: readonly string[], maxDistance?: number): string {
  const best = closestName(word, known, maxDistance);
  return best ? ` (did you mean ${best}?)` : '';
}
