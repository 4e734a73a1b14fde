/**
 * Firestore cannot match text by "contains". Each record stores `_search`: the lowercase prefixes
 * (up to MAX_TOKEN_LENGTH characters) of every searchable field's text starting at each word, and a
 * list's search becomes one `array-contains` of the normalized search text. So "bur", "van bu" and
 * "buren" find "Van Buren", while "uren" (the middle of a word) does not — unlike the server, which
 * matches anywhere. Searches longer than MAX_TOKEN_LENGTH match on their first MAX_TOKEN_LENGTH characters.
 */

export const MAX_TOKEN_LENGTH = 30;
/** Keeps one record's token list far below Firestore's index-entry limit. */
export const MAX_TOKENS = 1500;

/** Lowercase, words of letters and digits separated by single spaces. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .join(" ");
}

/** The `_search` tokens of a record's searchable values. */
export function searchTokens(values: readonly unknown[]): string[] {
  const tokens = new Set<string>();
  for (const value of values) {
    if (typeof value !== "string") continue;
    const text = normalizeSearchText(value);
    if (text === "") continue;
    const words = text.split(" ");
    let start = 0;
    for (const word of words) {
      const tail = text.slice(start, start + MAX_TOKEN_LENGTH);
      for (let end = 1; end <= tail.length; end++) {
        const token = tail.slice(0, end).trimEnd();
        if (token !== "") tokens.add(token);
      }
      start += word.length + 1;
      if (tokens.size >= MAX_TOKENS) break;
    }
  }
  return [...tokens].slice(0, MAX_TOKENS);
}

/** The token a list's search text is matched with, or null when nothing searchable remains. */
export function searchToken(search: string): string | null {
  const token = normalizeSearchText(search).slice(0, MAX_TOKEN_LENGTH).trimEnd();
  return token === "" ? null : token;
}
