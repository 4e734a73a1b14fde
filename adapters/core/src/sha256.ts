/**
 * SHA-256, synchronous, the same in the browser and on the server: ids derived from a record's fields
 * (a reminder state's) are computed where the async `crypto.subtle` does not fit, and must equal what
 * Firestore's rules compute with `hashing.sha256`. The digest is @noble/hashes' (audited, no
 * dependencies, a few kB).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** The SHA-256 digest of `text`'s UTF-8 bytes, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
