// The words and terms of the tool search: how a text splits into words, which words are stopwords,
// and the Porter2 stem a word is indexed and searched under.
// The package ships no types; this reference carries them to every project that compiles the registry.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./wink-porter2-stemmer.d.ts" />
import porter2 from 'wink-porter2-stemmer';

/** Words of a text: split on anything but letters and digits, and at camelCase and acronym boundaries. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

export function processTerm(term: string, stemming: boolean): string | null {
  const word = term.toLowerCase();
  if (STOPWORDS.has(word)) return null;
  return stemming ? stem(word) : word;
}

/** Longer words are indexed and searched as they are (see stem). */
export const MAX_STEMMED_LENGTH = 64;

/**
 * The Porter2 ("English" Snowball) stemmer, from wink-porter2-stemmer (a well-kept implementation
 * of snowballstem.org's algorithm). Lowercase a–z words only: anything else (digits, other
 * scripts), words of up to two letters and words over MAX_STEMMED_LENGTH are returned as they are.
 * "generate" → "generat".
 */
export function stem(word: string): string {
  // The stemmer's time grows with the square of a word's length: a model's query is untrusted, and no
  // English word is near the bound.
  if (word.length <= 2 || word.length > MAX_STEMMED_LENGTH || !/^[a-z]+$/.test(word)) return word;
  return porter2(word);
}

/** The description up to the end of its first sentence (at most 200 characters). */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const match = /^[\s\S]*?[.!?](?=\s|$)/.exec(trimmed);
  const sentence = match ? match[0] : trimmed;
  return sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence;
}

const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few ' +
    'for from further had has have having he her here hers herself him himself his how i if in into is it its ' +
    'itself just me more most my myself no nor not now of off on once ' +
    'only or other our ours ourselves out over own same she should so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under ' +
    'until up very was we were what when where which while who whom why will with would you your yours yourself ' +
    'yourselves please help want need like tell find get give ' +
    "know let make use using also may might must shall us one looking look recommend provide show ask im i'm going"
  ).split(' '),
);
