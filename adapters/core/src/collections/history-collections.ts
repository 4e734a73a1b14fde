/**
 * The collections whose edits are kept as history, without any schema: the web app's records cache reads
 * it on its first load (a write to one of them refreshes the record's history), so it must stay light.
 */
export const HISTORY_COLLECTIONS = ["residents", "staff", "facilities", "referrals"] as const;
export type THistoryCollection = (typeof HISTORY_COLLECTIONS)[number];
