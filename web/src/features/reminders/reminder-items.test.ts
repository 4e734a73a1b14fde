import { describe, expect, it } from "vitest";
import type { TDerivedReminder } from "@care/core/ports/insights.port";
import {
  defaultSnoozeDate,
  dueText,
  filterItems,
  fromDerived,
  fromManual,
  groupContents,
  linkPath,
  maySnooze,
  mayWaive,
  nextOccurrence,
  type TManualReminder,
} from "./reminder-items.ts";
import { permissionsAt, type TPermissions } from "@care/core/collections/roles.collection";
import { reminderFormValues, reminderInput, reminderPatch } from "./reminder-form-values.ts";
import { manualReminder } from "../../lib/reminders.test-support.ts";

const TODAY = "2026-03-10";

function derived(over: Partial<TDerivedReminder> = {}): TDerivedReminder {
  return {
    key: "missing|resident|r1|t1",
    kind: "document-missing",
    title: "LIC 602A missing — Quennell, Winifred",
    dueDate: "2026-03-01",
    facilityId: "van-buren",
    name: "Quennell, Winifred",
    link: { type: "resident", id: "r1" },
    state: "open",
    ...over,
  };
}

const manual = (over: Partial<TManualReminder> = {}) => manualReminder({ dueDate: TODAY, ...over });

describe("reminder rows", () => {
  it("maps derived kinds and keeps a run-out snooze open", () => {
    expect(fromDerived(derived(), TODAY).kind).toBe("missing");
    expect(fromDerived(derived({ kind: "rent-overdue" }), TODAY).kind).toBe("rent");
    expect(fromDerived(derived({ state: "snoozed", snoozedUntil: "2026-03-20" }), TODAY).state).toBe("snoozed");
    expect(fromDerived(derived({ state: "snoozed", snoozedUntil: TODAY }), TODAY).state).toBe("open");
    expect(
      fromDerived(derived({ state: "waived", waiverReason: "Not applicable to this resident" }), TODAY),
    ).toMatchObject({ state: "waived", waiverReason: "Not applicable to this resident" });
    expect(fromDerived(derived({ expiryDate: "2026-04-01" }), TODAY).expiryDate).toBe("2026-04-01");
  });

  it("reads a manual reminder's state from its status and snooze date", () => {
    expect(fromManual(manual(), TODAY).state).toBe("open");
    expect(fromManual(manual({ snoozedUntil: "2026-03-11" }), TODAY).state).toBe("snoozed");
    expect(fromManual(manual({ snoozedUntil: "2026-03-09" }), TODAY).state).toBe("open");
    expect(fromManual(manual({ status: "done" }), TODAY).state).toBe("done");
    expect(fromManual(manual({ linkType: "staff", linkId: "s1" }), TODAY).link).toEqual({ type: "staff", id: "s1" });
  });

  it("says how far off the due date is", () => {
    expect(dueText("2026-03-07", TODAY)).toBe("3 days overdue");
    expect(dueText("2026-03-09", TODAY)).toBe("1 day overdue");
    expect(dueText(TODAY, TODAY)).toBe("Due today");
    expect(dueText("2026-03-11", TODAY)).toBe("Due tomorrow");
    expect(dueText("2026-03-15", TODAY)).toBe("In 5 days");
    // Across a month end and a leap day.
    expect(dueText("2028-03-01", "2028-02-28")).toBe("In 2 days");
  });

  it("opens the record: documents, rent, staff, facility, or a manual link's face sheet", () => {
    expect(linkPath(fromDerived(derived(), TODAY))).toBe("/residents/r1/documents");
    expect(linkPath(fromDerived(derived({ kind: "rent-overdue" }), TODAY))).toBe("/residents/r1/rent");
    expect(linkPath(fromDerived(derived({ link: { type: "staff", id: "s9" } }), TODAY))).toBe("/staff/s9");
    expect(linkPath(fromDerived(derived({ link: { type: "facility", id: "tull" } }), TODAY))).toBe("/facilities/tull");
    expect(linkPath(fromManual(manual({ linkType: "resident", linkId: "r2" }), TODAY))).toBe("/residents/r2");
    expect(linkPath(fromManual(manual(), TODAY))).toBeUndefined();
  });

  it("filters by kind and by title text", () => {
    const rows = [
      fromDerived(derived(), TODAY),
      fromManual(manual({ id: "a", title: "Order gloves", dueDate: "2026-03-12" }), TODAY),
      fromManual(manual({ id: "b", title: "fire drill", dueDate: "2026-03-02", facilityId: "ashwood" }), TODAY),
    ];
    expect(filterItems(rows, { kind: "manual", search: "" }).map((r) => r.title)).toEqual([
      "Order gloves",
      "fire drill",
    ]);
    expect(filterItems(rows, { kind: "", search: " FIRE " }).map((r) => r.rowId)).toEqual(["manual:b"]);
    expect(filterItems(rows, { kind: "", search: "quennell" })).toHaveLength(1);
  });

  it("says what a group holds, with counts and plurals", () => {
    expect(groupContents({ "document-missing": 7 })).toBe("7 missing documents");
    expect(groupContents({ "rent-overdue": 1, "document-missing": 1, "document-expiring": 2 })).toBe(
      "1 missing document, 2 expiring documents, 1 rent past due",
    );
  });

  it("moves a repeating reminder done late to its first date after today, and done early to the next one", () => {
    expect(nextOccurrence({ dueDate: "2026-02-17", repeat: "weekly" }, TODAY)).toBe("2026-03-17");
    expect(nextOccurrence({ dueDate: "2026-03-12", repeat: "weekly" }, TODAY)).toBe("2026-03-19");
    expect(nextOccurrence({ dueDate: "2026-01-31", repeat: "monthly" }, "2026-01-31")).toBe("2026-02-28");
    expect(nextOccurrence({ dueDate: "2024-02-29", repeat: "yearly" }, "2024-02-29")).toBe("2025-02-28");
    expect(nextOccurrence({ dueDate: TODAY, repeat: "none" }, TODAY)).toBe(TODAY);
  });

  it("snoozes a week ahead by default", () => {
    expect(defaultSnoozeDate("2026-12-28")).toBe("2027-01-04");
  });
});

describe("manual reminder form values", () => {
  it("sends no link without a link type and clears emptied fields with null on edit", () => {
    const values = { ...reminderFormValues(null, { facilityId: "tull", dueDate: TODAY }), title: "Call pharmacy" };
    expect(values.facilityId).toBe("tull");
    expect(reminderInput({ ...values, linkId: "r1" })).toEqual({
      title: "Call pharmacy",
      dueDate: TODAY,
      facilityId: "tull",
      repeat: "none",
    });
    expect(reminderInput({ ...values, linkType: "resident", linkId: "r1", notes: "Ask for refill" })).toMatchObject({
      linkType: "resident",
      linkId: "r1",
      notes: "Ask for refill",
    });
    expect(reminderPatch(reminderInput(values))).toEqual({
      title: "Call pharmacy",
      dueDate: TODAY,
      facilityId: "tull",
      repeat: "none",
      notes: null,
      linkType: null,
      linkId: null,
    });
    const edited = reminderFormValues(manual({ linkType: "staff", linkId: "s1", notes: "n" }), {
      facilityId: "",
      dueDate: TODAY,
    });
    expect(edited).toMatchObject({ facilityId: "tull", linkType: "staff", linkId: "s1", notes: "n" });
  });
});

describe("which rows offer Snooze, Waive and Undo", () => {
  const role = (over: Partial<TPermissions>) => ({ permissions: { ...permissionsAt("read"), ...over } });
  const caregiver = role({ residents: "write" });
  const bookkeeper = role({ rent: "write" });
  const office = role({ residents: "write", documents: "write" });
  const missing = fromDerived(derived({ waiverKey: "missing|resident|r1|t1" }), TODAY);
  const rent = fromDerived(derived({ key: "rent|r1|2026-03-01", kind: "rent-overdue" }), TODAY);

  it("offers a derived reminder's Snooze only to who may write its area, as the backends decide", () => {
    expect(maySnooze(caregiver, missing)).toBe(true);
    expect(maySnooze(caregiver, rent)).toBe(false);
    expect(maySnooze(bookkeeper, rent)).toBe(true);
    expect(maySnooze(bookkeeper, missing)).toBe(false);
    expect(maySnooze(null, missing)).toBe(false);
    expect(maySnooze(role({}), fromManual(manualReminder(), TODAY))).toBe(true);
  });

  it("offers Waive, and a waiver's removal, only with write on the subject's area and on documents", () => {
    expect(mayWaive(caregiver, missing)).toBe(false);
    expect(mayWaive(role({ documents: "write" }), missing)).toBe(false);
    expect(mayWaive(office, missing)).toBe(true);
    expect(mayWaive(office, rent)).toBe(false);
    const waived = fromDerived(
      derived({
        waiverKey: "missing|resident|r1|t1",
        state: "waived",
        waiverReason: "n/a",
        stateRecord: { id: "s", version: 1 },
      }),
      TODAY,
    );
    expect(maySnooze(caregiver, waived)).toBe(false);
    expect(maySnooze(office, waived)).toBe(true);
  });
});
