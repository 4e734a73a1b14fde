/**
 * What the resident form warns about as it is filled in, before anything is saved: the same person
 * already recorded (here, or in another home — then only that they are, and whom to ask), a home
 * without a recorded licensed capacity, a room and bed already given to someone, and an admission date
 * after the home's today (a planned move-in). The server refuses what must not happen (an admission
 * past capacity); these say what a person should look at.
 */
import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { isPlannedMoveIn } from "@care/core/rules/census.rules";
import { todayIn } from "@care/core/rules/date-only.rules";
import { ZDateOnly } from "@care/core/common.schema";
import { paths } from "../../lib/paths.ts";
import { usePortQuery, useAllRecords } from "../../lib/records/use-records.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { RoomTakenWarning } from "../../ui/room-taken-warning.tsx";
import type { TResidentForm } from "./resident-form.tsx";
import { STATUS_LABELS } from "./resident-format.ts";

function Warning({ children }: { children: ReactNode }) {
  return (
    <p className="form-warning" role="status">
      {children}
    </p>
  );
}

/** A resident with the same name and date of birth, as it is typed. */
export function DuplicateWarning({ form, residentId }: { form: TResidentForm; residentId?: string | undefined }) {
  const [firstName = "", lastName = "", dateOfBirth = ""] = useWatch({
    control: form.control,
    name: ["firstName", "lastName", "dateOfBirth"],
  });
  const typed = useDebounced({ firstName: firstName.trim(), lastName: lastName.trim(), dateOfBirth }, 400);
  const ready = Boolean(typed.firstName && typed.lastName && ZDateOnly.safeParse(typed.dateOfBirth).success);
  const found = usePortQuery(
    ["residents", "matches", typed, residentId ?? null],
    ({ insights }) => insights.residentMatches({ ...typed, ...(residentId ? { excludeId: residentId } : {}) }),
    { reads: ["residents"], enabled: ready },
  );
  if (!ready || !found.data) return null;
  const { matches, elsewhere } = found.data;
  if (matches.length === 0 && elsewhere === 0) return null;
  return (
    <div className="form-warning form-field--wide" role="status">
      <strong>This may be someone already recorded.</strong>
      {matches.length > 0 && (
        <ul>
          {matches.map((m) => (
            <li key={m.id}>
              <Link to={paths.residents.detail.href(m.id)}>{m.name}</Link> ·{" "}
              {STATUS_LABELS[m.status as keyof typeof STATUS_LABELS] ?? m.status}
            </li>
          ))}
        </ul>
      )}
      {elsewhere > 0 && (
        <p>
          A resident with this name and date of birth is recorded in another home of the group. Ask an administrator
          before admitting them again.
        </p>
      )}
    </div>
  );
}

/**
 * Under the placement fields: a home without a licensed capacity, a room and bed already given, and a
 * planned move-in.
 */
export function PlacementWarnings({ form, residentId }: { form: TResidentForm; residentId?: string | undefined }) {
  const [facilityId = "", room = "", bed = "", admissionDate = ""] = useWatch({
    control: form.control,
    name: ["facilityId", "room", "bed", "admissionDate"],
  });
  const homes = useAllRecords("facilities");
  const home = homes.data?.find((f) => f.id === facilityId);
  const planned =
    home && ZDateOnly.safeParse(admissionDate).success
      ? isPlannedMoveIn({ status: "active", admissionDate }, todayIn(home.timeZone))
      : false;
  return (
    <>
      {home && home.licensedCapacity === undefined && (
        <Warning>
          {home.name} has no licensed capacity recorded, so admissions past it cannot be refused. An administrator sets
          it on <Link to={paths.facilities.edit.href(home.id)}>the facility</Link>.
        </Warning>
      )}
      <RoomTakenWarning facilityId={facilityId} room={room} bed={bed} residentId={residentId} />
      {planned && (
        <Warning>A planned move-in: the resident counts in the census and occupancy from {admissionDate}.</Warning>
      )}
    </>
  );
}
