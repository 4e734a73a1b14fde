/**
 * Firestore cannot match text by "contains", and every backend searches that way (case-insensitive,
 * anywhere in a searchable field, `%` and `_` as themselves). Each record therefore stores `_search`:
 * every piece of up to MAX_TOKEN_LENGTH characters of its searchable fields' lowercase text (a
 * trigram index). A search that short is one `array-contains` of itself, exact. A longer one asks for
 * one of its pieces (`array-contains`, which finds every record holding the text and some more) and
 * the adapter keeps the records whose fields hold the whole text (`matchesSearch`).
 */

export const MAX_TOKEN_LENGTH = 3;
/** Keeps one record's token list far below Firestore's index-entry limit (a long text keeps its first pieces). */
export const MAX_TOKENS = 1500;
/** The rules match the token list joined by this character, so no token holds it. */
const JOINER = "|";

/** The text as it is searched: lower case, split into characters (not UTF-16 halves). */
function characters(text: string): string[] {
  return Array.from(text.toLowerCase());
}

/** The `_search` tokens of a record's searchable values. */
export function searchTokens(values: readonly unknown[]): string[] {
  const tokens = new Set<string>();
  for (const value of values) {
    if (typeof value !== "string") continue;
    const chars = characters(value);
    for (let start = 0; start < chars.length && tokens.size < MAX_TOKENS; start++)
      for (let length = 1; length <= MAX_TOKEN_LENGTH && start + length <= chars.length; length++) {
        const token = chars.slice(start, start + length).join("");
        if (!token.includes(JOINER)) tokens.add(token);
      }
  }
  return [...tokens].slice(0, MAX_TOKENS);
}

/** How a list's search is asked of Firestore. */
export interface TSearch {
  /** The `_search` token to ask for, or null when the text has no piece a token can hold (only `|`). */
  token: string | null;
  /** True when the token finds exactly the records whose fields contain the text; else `matchesSearch` decides. */
  exact: boolean;
  /** The search text in lower case, as `matchesSearch` looks for it. */
  text: string;
}

/** The token a list's search text is matched with: the text itself when short enough, else its first long piece. */
export function searchQuery(search: string): TSearch {
  const chars = characters(search);
  const text = chars.join("");
  if (chars.length <= MAX_TOKEN_LENGTH && !text.includes(JOINER)) return { token: text, exact: true, text };
  let token: string | null = null;
  for (let start = 0; start < chars.length; start++) {
    let piece = "";
    for (const char of chars.slice(start, start + MAX_TOKEN_LENGTH)) {
      if (char === JOINER) break;
      piece += char;
    }
    const length = Array.from(piece).length;
    if (length > Array.from(token ?? "").length) token = piece;
    if (length === MAX_TOKEN_LENGTH) break;
  }
  return { token, exact: false, text };
}

/** Whether one of the record's searchable values contains the search text (`text` of searchQuery), ignoring case. */
export function matchesSearch(values: readonly unknown[], text: string): boolean {
  return values.some((value) => typeof value === "string" && value.toLowerCase().includes(text));
}
