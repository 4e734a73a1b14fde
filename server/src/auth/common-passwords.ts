/**
 * The list of common and leaked passwords (zxcvbn-ts's, about 49,000) as a set. A module of its own so
 * that password.ts can load it with `import()` the first time a password is set: with the set it is about
 * 4 MB of heap that most server processes never need.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary["passwords-common"]);
