// Which lists a record's view row covers, and for how long.
import { describe, expect, it } from "vitest";
import { collections } from "../registry.ts";
import { RecentRecordViews, VIEW_COVER_MS, listedEntriesOf } from "./record-views.rules.ts";

describe("listedEntriesOf", () => {
  it("names the one resident a list of their entries or documents is filtered to", () => {
    expect(listedEntriesOf(collections.allergies, { where: { residentId: "r1" } })).toEqual({
      collection: "residents",
      recordId: "r1",
    });
    expect(listedEntriesOf(collections.documents, { where: { subject: "resident", subjectId: "r1" } })).toEqual({
      collection: "residents",
      recordId: "r1",
    });
  });

  it("names nothing for lists of many records or of a record whose views are not audited", () => {
    expect(listedEntriesOf(collections.allergies, { where: { facilityId: "tull" } })).toBeNull();
    expect(listedEntriesOf(collections.allergies, { where: { residentId: ["r1", "r2"] } })).toBeNull();
    expect(listedEntriesOf(collections.documents, { where: { subject: "staff", subjectId: "s1" } })).toBeNull();
  });
});

describe("RecentRecordViews", () => {
  it("covers the same viewer's lists of the record for a while, nobody else's", () => {
    let now = 0;
    const views = new RecentRecordViews(() => now);
    const record = { collection: "residents", recordId: "r1" };
    expect(views.covers("s1", record)).toBe(false);
    views.viewed("s1", record);
    expect(views.covers("s1", record)).toBe(true);
    expect(views.covers("s2", record)).toBe(false);
    expect(views.covers("s1", { collection: "residents", recordId: "r2" })).toBe(false);
    expect(views.covers("s1", null)).toBe(false);
    now = VIEW_COVER_MS;
    expect(views.covers("s1", record)).toBe(false);
  });
});
