import { describe, expect, it, vi } from "vitest";
import { FILES_TARGET, type TLinkTarget } from "../collection.ts";
import { collections, isCollectionName } from "../registry.ts";
import { checkLinks, linksToCheck, type TLinkLookup } from "./links.rules.ts";
import { expiryKey, missingKey, rentKey } from "./reminders.rules.ts";

type TFields = Record<string, unknown>;

/** A lookup over a few stored records by `collection/id`. */
function store(records: Record<string, TFields>): TLinkLookup {
  return (collection, id) => records[`${collection}/${id}`] ?? null;
}

const tull = { id: "tull", name: "Tull" };
const ana = { id: "ana", facilityId: "tull" };
const nora = { id: "nora", facilityId: "newman" };
const pdf = { id: "f1", facilityId: "tull", contentType: "application/pdf", size: 1200 };
const records = store({
  "facilities/tull": tull,
  "residents/ana": ana,
  "residents/nora": nora,
  "staff/sam": { id: "sam", facilityId: "tull" },
  [`${FILES_TARGET}/f1`]: pdf,
  "documentTypes/lic-602a": { id: "lic-602a" },
  "documents/d1": { id: "d1", facilityId: "tull" },
});

const fieldsOf = (error: unknown) => (error as { fields?: unknown } | null)?.fields;

describe("declared links", () => {
  it("name registry collections (or files), by fields of the record, from facility-scoped records where a facility must match", () => {
    let count = 0;
    for (const def of Object.values(collections)) {
      const shape = Object.keys(def.schema.shape);
      for (const link of def.links ?? []) {
        count++;
        const targets: TLinkTarget[] = "by" in link.to ? Object.values(link.to.targets) : [link.to];
        const fields = [link.id.field, ...Object.keys(link.sameAs ?? {})];
        if ("by" in link.to) fields.push(link.to.by.field);
        if (link.when) fields.push(link.when.value.field);
        for (const field of fields) expect(shape, `${def.name}: ${field}`).toContain(field);
        for (const target of targets) {
          expect(target.collection === FILES_TARGET || isCollectionName(target.collection), target.collection).toBe(
            true,
          );
          if (target.kind === "same-facility" || target.kind === "works-at")
            expect(def.scope.kind, `${def.name} → ${target.collection}`).toBe("facility");
        }
      }
    }
    expect(count).toBeGreaterThan(15);
  });
});

describe("checkLinks", () => {
  it("accepts a record whose links hold", () => {
    expect(checkLinks(collections.vitals, { residentId: "ana", facilityId: "tull" }, records)).toBeNull();
    expect(checkLinks(collections.residents, { facilityId: "tull" }, records)).toBeNull();
  });

  it("refuses a missing (or hidden) target on the link's field, a target of another facility on the facility field", () => {
    expect(fieldsOf(checkLinks(collections.vitals, { residentId: "nobody", facilityId: "tull" }, records))).toEqual({
      residentId: "No such resident",
    });
    expect(fieldsOf(checkLinks(collections.vitals, { residentId: "nora", facilityId: "tull" }, records))).toEqual({
      facilityId: "Must be the resident's facility",
    });
    expect(fieldsOf(checkLinks(collections.staff, { facilityId: "nowhere" }, records))).toEqual({
      facilityId: "No such facility",
    });
    expect(checkLinks(collections.vitals, { residentId: "nobody", facilityId: "tull" }, records)).toMatchObject({
      code: "VALIDATION",
      message: "The record is not valid.",
    });
  });

  it("checks a document's file: its facility (on fileId) and the type and size it states", () => {
    const document = {
      subject: "resident",
      subjectId: "ana",
      facilityId: "tull",
      fileId: "f1",
      contentType: "application/pdf",
      size: 1200,
    };
    expect(checkLinks(collections.documents, document, records)).toBeNull();
    expect(fieldsOf(checkLinks(collections.documents, { ...document, fileId: "f9" }, records))).toEqual({
      fileId: "No such file",
    });
    expect(fieldsOf(checkLinks(collections.documents, { ...document, size: 1 }, records))).toEqual({
      fileId: "The size given is not the uploaded file's",
    });
    expect(fieldsOf(checkLinks(collections.documents, { ...document, contentType: "image/png" }, records))).toEqual({
      fileId: "The type given is not the uploaded file's",
    });
    // The file is checked first: a document moved to another facility is told about its file.
    expect(fieldsOf(checkLinks(collections.documents, { ...document, facilityId: "newman" }, records))).toEqual({
      fileId: "The file belongs to another facility; upload it again for this one",
    });
  });

  it("resolves a document's subject by its kind; a type anywhere in the group; an absent optional link names nothing", () => {
    const base = { facilityId: "tull", fileId: "f1", contentType: "application/pdf", size: 1200 };
    const about = (subject: string, subjectId: string) => ({ ...base, subject, subjectId });
    expect(checkLinks(collections.documents, about("staff", "sam"), records)).toBeNull();
    expect(checkLinks(collections.documents, about("facility", "tull"), records)).toBeNull();
    expect(fieldsOf(checkLinks(collections.documents, about("staff", "ana"), records))).toEqual({
      subjectId: "No such staff member",
    });
    expect(fieldsOf(checkLinks(collections.documents, about("facility", "newman"), records))).toEqual({
      subjectId: "No such facility",
    });
    const typed = { ...about("resident", "ana"), typeId: "lic-602a", replacesId: "d1" };
    expect(checkLinks(collections.documents, typed, records)).toBeNull();
    expect(fieldsOf(checkLinks(collections.documents, { ...typed, typeId: "lic-999" }, records))).toEqual({
      typeId: "No such document type",
    });
  });

  it("checks a manual reminder's linked resident or staff member, not a linked facility", () => {
    const reminder = { facilityId: "tull", title: "Call", dueDate: "2026-01-01" };
    expect(checkLinks(collections.reminders, reminder, records)).toBeNull();
    expect(
      fieldsOf(checkLinks(collections.reminders, { ...reminder, linkType: "resident", linkId: "nora" }, records)),
    ).toEqual({ facilityId: "Must be the resident's facility" });
    expect(
      fieldsOf(checkLinks(collections.reminders, { ...reminder, linkType: "staff", linkId: "nobody" }, records)),
    ).toEqual({ linkId: "No such staff member" });
    expect(
      checkLinks(collections.reminders, { ...reminder, linkType: "facility", linkId: "newman" }, records),
    ).toBeNull();
  });

  it("follows a reminder state's key to the records it names", () => {
    const state = (key: string) => ({ facilityId: "tull", key, state: "done" });
    expect(
      checkLinks(collections.reminderStates, state(missingKey("resident", "ana", "lic-602a")), records),
    ).toBeNull();
    expect(checkLinks(collections.reminderStates, state(expiryKey("d1", "2026-01-01")), records)).toBeNull();
    expect(checkLinks(collections.reminderStates, state(rentKey("ana", "2026-01-01")), records)).toBeNull();
    expect(
      fieldsOf(checkLinks(collections.reminderStates, state(missingKey("staff", "ghost", "lic-602a")), records)),
    ).toEqual({ key: "No such staff member" });
    expect(
      fieldsOf(checkLinks(collections.reminderStates, state(missingKey("resident", "ana", "lic-999")), records)),
    ).toEqual({ key: "No such document type" });
    expect(fieldsOf(checkLinks(collections.reminderStates, state(rentKey("nora", "2026-01-01")), records))).toEqual({
      facilityId: "Must be the resident's facility",
    });
    expect(fieldsOf(checkLinks(collections.reminderStates, state(expiryKey("d9", "2026-01-01")), records))).toEqual({
      key: "No such document",
    });
    expect(
      fieldsOf(checkLinks(collections.reminderStates, state(missingKey("facility", "tull", "x")), records)),
    ).toEqual({ key: "No such document type" });
  });

  it("refuses a published shift of someone not cleared without an override, unless restored as written", () => {
    const shift = {
      id: "sh1",
      facilityId: "tull",
      staffId: "sam",
      date: "2026-11-30",
      start: "07:00",
      end: "15:00",
      position: "caregiver",
      published: true,
    };
    const notCleared = store({
      "facilities/tull": tull,
      "staff/sam": { id: "sam", facilityId: "tull", clearanceStatus: "submitted" },
    });
    expect(fieldsOf(checkLinks(collections.shifts, shift, notCleared))).toEqual({
      overrideReason: expect.stringContaining("override"),
    });
    expect(checkLinks(collections.shifts, { ...shift, overrideReason: "Agency cover" }, notCleared)).toBeNull();
    // Imported as it was written: the clearance it was published under may have lapsed since.
    expect(checkLinks(collections.shifts, shift, notCleared, undefined, { asWritten: true })).toBeNull();
  });

  it("on an update, looks up only the links whose fields or facility changed", () => {
    const before = { residentId: "nora", facilityId: "tull", allergen: "Latex" };
    const lookup = vi.fn(records);
    expect(checkLinks(collections.allergies, { ...before, allergen: "Dust" }, lookup, before)).toBeNull();
    expect(lookup).not.toHaveBeenCalled();
    expect(linksToCheck(collections.allergies, { ...before, facilityId: "newman" }, before)).toHaveLength(1);
    expect(
      fieldsOf(
        checkLinks(collections.allergies, { ...before, residentId: "ana", facilityId: "newman" }, lookup, before),
      ),
    ).toEqual({ facilityId: "Must be the resident's facility" });
  });
});
