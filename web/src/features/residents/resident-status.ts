/**
 * The stay of a resident as a small state machine: which status changes are offered for each status,
 * and the resident patch plus history event each one commits together.
 */
import type { TAction } from "@care/core/collections/actions";
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import type { TInputOf, TPatchOf } from "@care/core/registry";

export type TStatusAction = "leave" | "hospital" | "return" | "discharge" | "death" | "readmission";

export const STATUS_ACTIONS: Record<
  TStatusAction,
  /** `needs`: the role's action the change needs besides residents write (hidden from a role without it). */
  { label: string; title: string; dateLabel: string; to: TResidentStatus; needs?: TAction }
> = {
  leave: { label: "Leave", title: "Record a leave", dateLabel: "Leave date", to: "on_leave" },
  hospital: {
    label: "Hospital",
    title: "Record a hospital stay",
    dateLabel: "Admitted to hospital on",
    to: "hospital",
  },
  return: { label: "Return", title: "Record the return", dateLabel: "Return date", to: "active" },
  discharge: {
    label: "Discharge",
    title: "Discharge the resident",
    dateLabel: "Discharge date",
    to: "discharged",
    needs: "discharge",
  },
  death: { label: "Death", title: "Record a death", dateLabel: "Date of death", to: "deceased", needs: "recordDeath" },
  readmission: { label: "Readmit", title: "Readmit the resident", dateLabel: "Readmission date", to: "active" },
};

const ALLOWED: Record<TResidentStatus, readonly TStatusAction[]> = {
  active: ["leave", "hospital", "discharge", "death"],
  on_leave: ["return", "hospital", "discharge", "death"],
  hospital: ["return", "discharge", "death"],
  discharged: ["readmission"],
  deceased: [],
};

/** The status changes offered for a resident in `status` to a user holding the actions `mayDo` says. */
export function actionsFor(
  status: TResidentStatus,
  mayDo: (action: TAction) => boolean = () => true,
): readonly TStatusAction[] {
  return ALLOWED[status].filter((action) => {
    const needs = STATUS_ACTIONS[action].needs;
    return needs === undefined || mayDo(needs);
  });
}

/**
 * The resident fields a status change sets and the history event it records. Discharge and death also
 * set the discharge date; a discharge dated after the home's `today` is a planned discharge: only the
 * date is set and the resident keeps their status until that day (effectiveStatus in the census rules).
 * A readmission keeps the first admission date and clears the discharge: the readmission event opens
 * the new stay (stays are derived from the history, rules/stays.rules.ts). Its event is listed first so
 * the backend's bill of the resident's write sees the new stay.
 */
export function statusChange(
  resident: { facilityId: string },
  residentId: string,
  action: TStatusAction,
  date: string,
  reason: string | undefined,
  today: string,
): { patch: TPatchOf<"residents">; event: TInputOf<"residentEvents"> } {
  const to = STATUS_ACTIONS[action].to;
  const planned = action === "discharge" && date > today;
  const patch: TPatchOf<"residents"> = planned
    ? { dischargeDate: date }
    : { status: to, statusDate: date, statusReason: reason ?? "" };
  if (action === "discharge" || action === "death") patch.dischargeDate = date;
  if (action === "readmission") patch.dischargeDate = null;
  return {
    patch,
    event: {
      residentId,
      facilityId: resident.facilityId,
      type: action,
      date,
      ...(reason ? { reason } : {}),
    },
  };
}
