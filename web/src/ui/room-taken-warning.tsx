/**
 * "Room 3 / B is also given to Alice Moore": a warning, never a refusal (rooms are shared), under the
 * fields that place a resident in a room — admitting or editing them, or moving them to another home.
 * It reads the home's current residents (active, on leave or in hospital), leaving out `residentId`.
 */
import { headingName } from "@care/core/rules/person-name.rules";
import { useAllRecords } from "../lib/records/use-records.ts";

export function RoomTakenWarning({
  facilityId,
  room,
  bed,
  residentId,
}: {
  facilityId: string;
  room: string;
  bed: string;
  residentId?: string | undefined;
}) {
  const wanted = { room: room.trim(), bed: bed.trim() };
  const sameHome = useAllRecords(
    "residents",
    { where: { facilityId, status: ["active", "on_leave", "hospital"] } },
    { enabled: Boolean(facilityId && wanted.room) },
  );
  const sharing = (sameHome.data ?? []).filter(
    (r) => r.id !== residentId && (r.room ?? "") === wanted.room && (r.bed ?? "") === wanted.bed,
  );
  if (!wanted.room || sharing.length === 0) return null;
  return (
    <p className="form-warning" role="status">
      Room {[wanted.room, wanted.bed].filter(Boolean).join(" / ")} is also given to{" "}
      {sharing.map((r) => headingName(r)).join(", ")}.
    </p>
  );
}
