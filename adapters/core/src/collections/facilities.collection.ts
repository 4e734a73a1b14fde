import { z } from "zod";
import { defineCollection, type TLink } from "../collection.ts";
import { DEFAULT_TIME_ZONE, ZDateOnly, ZOptionalText, ZText, ZTimeZone } from "../common.schema.ts";
import { ZOptionalPhone } from "../phone.schema.ts";
import { ZBetween } from "../zod-messages.ts";
import { todayIn } from "../rules/date-only.rules.ts";

export const ZFacility = z
  .object({
    name: ZText(120),
    address: ZOptionalText(300),
    phone: ZOptionalPhone,
    licenseNumber: ZOptionalText(40),
    licensedCapacity: ZBetween("The licensed capacity", 0, 10_000, true).optional(),
    administrator: ZOptionalText(120),
    active: z.boolean().default(true),
    /** The home's time zone: its "today", due dates and rent months are counted in it. */
    timeZone: ZTimeZone.default(DEFAULT_TIME_ZONE),
    /**
     * The day the home started keeping its records in the portal: its reports count from then (a month
     * before it has no empty beds to lose and no papers to miss). Null: no limit. Homes that existed
     * before the field were given the day they were created.
     */
    goLiveDate: ZDateOnly.nullable().default(null),
    /** Position in the header's facility selector. */
    sortOrder: ZBetween("The position", 0, 100_000, true).default(0),
  })
  .superRefine((f, ctx) => {
    // A go-live date ahead would leave the home's reports counting nothing until then.
    const today = todayIn(f.timeZone);
    if (f.goLiveDate && f.goLiveDate > today)
      ctx.addIssue({
        code: "custom",
        path: ["goLiveDate"],
        message: `The go-live date cannot be after the home's today (${today})`,
      });
  });
export type TFacility = z.infer<typeof ZFacility>;

/** A record's `facilityId` names an existing facility (one the user may see). */
export const LINK_TO_FACILITY: TLink = {
  id: { field: "facilityId" },
  to: { collection: "facilities", kind: "same-facility" },
};

export const facilitiesCollection = defineCollection({
  name: "facilities",
  label: "Facility",
  schema: ZFacility,
  scope: { kind: "facility-id" },
  access: {
    read: "signed-in",
    write: "facilities",
    // The go-live date decides what the home's reports count: moving it once the home exists is an action.
    actions: { changes: [{ field: "goLiveDate", action: "changeGoLiveDate" }] },
  },
  filterable: ["active"],
  sortable: ["name", "sortOrder"],
  defaultSort: { field: "sortOrder", direction: "asc" },
  searchable: ["name"],
  removal: "none",
  clientIds: true,
  auditViews: false,
});
