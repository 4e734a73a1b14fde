/** The metadata of a record as first written, for tests that build stored records by hand. */
export const RECORD_META = {
  version: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  createdBy: "u1",
  updatedBy: "u1",
  archivedAt: null,
} as const;
