/**
 * "Transfer to another home": the dialog of a resident's or staff member's move (DataPort.transfer).
 * The destination (another home the user can see), the day of the move (the destination's today by
 * default), a resident's room and bed there (the old home's are not kept) and a reason; the move carries their medical entries, documents and open reminders, and
 * leaves stays and rent where they happened. Field messages of the backend land beside their field.
 */
import { isAppError } from "@care/core/app-error";
import { ZTransferRequest, type TTransferSubject } from "@care/core/rules/transfer.rules";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import toast from "react-hot-toast";
import type { z } from "zod";
import { facilityName, facilityToday, useFacilities } from "../lib/facilities.tsx";
import { useData } from "../lib/ports.tsx";
import { reportError } from "../lib/report-error.ts";
import { Dialog } from "./confirm-dialog.tsx";
import { FormField } from "./form-field.tsx";
import { RoomTakenWarning } from "./room-taken-warning.tsx";
import "./transfer-dialog.css";

const ZTransferForm = ZTransferRequest.pick({ toFacilityId: true, date: true, reason: true, room: true, bed: true });
type TTransferForm = z.input<typeof ZTransferForm>;

const WHAT_MOVES: Record<TTransferSubject, string> = {
  resident:
    "Their diagnoses, allergies, medications, vitals, incidents, appointments, documents and open reminders move with them. Their stays, rent rates, charges and payments stay recorded at the home where they happened; what they still owe follows them to the new home.",
  staff:
    "Their documents, open reminders and document waivers move with them. Their shifts at the old home from now on are taken off its rota (past shifts stay there as history).",
};

export function TransferDialog({
  subject,
  person,
  name,
  onClose,
}: {
  subject: TTransferSubject;
  person: { id: string; version: number; facilityId: string; room?: string | undefined; bed?: string | undefined };
  /** The person's name as headings show it. */
  name: string;
  onClose: () => void;
}) {
  const data = useData();
  const { facilities } = useFacilities();
  const others = facilities.filter((f) => f.id !== person.facilityId);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<TTransferForm, unknown, z.output<typeof ZTransferForm>>({
    resolver: zodResolver(ZTransferForm),
    defaultValues: {
      toFacilityId: "",
      date: facilityToday(facilities, person.facilityId),
      reason: "",
      room: "",
      bed: "",
    },
  });
  const [destination, room, bed] = useWatch({ control, name: ["toFacilityId", "room", "bed"] });
  const oldPlace = [person.room && `Room ${person.room}`, person.bed && `bed ${person.bed}`].filter(Boolean).join(", ");
  const dateTouched = Boolean(dirtyFields.date);
  useEffect(() => {
    // The day of the move is the destination's today, unless the user chose another.
    if (destination && !dateTouched) setValue("date", facilityToday(facilities, destination));
  }, [destination, dateTouched, facilities, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await data.transfer({ subject, id: person.id, version: person.version, ...values });
      toast.success(`${name} moved to ${facilityName(facilities, values.toFacilityId)}.`);
      onClose();
    } catch (error) {
      if (isAppError(error) && error.fields) {
        const fields = error.fields;
        const known = (["toFacilityId", "date", "reason", "room", "bed"] as const).filter((field) => fields[field]);
        for (const field of known) setError(field, { type: "server", message: fields[field] });
        if (known.length > 0) return;
      }
      reportError(error);
      if (isAppError(error) && (error.code === "CONFLICT" || error.code === "NOT_FOUND")) onClose();
    }
  });

  return (
    <Dialog open title="Transfer to another home" onClose={onClose}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="transfer-dialog">
        <p className="transfer-dialog__who">
          {name}, now at {facilityName(facilities, person.facilityId)}
        </p>
        <FormField
          kind="select"
          label="Move to"
          required
          placeholder="Choose a home…"
          options={others.map((f) => ({ value: f.id, label: f.name }))}
          error={errors.toFacilityId?.message}
          {...register("toFacilityId")}
        />
        <FormField
          label="Date of the move"
          type="date"
          required
          max={facilityToday(facilities, destination || person.facilityId)}
          hint={`Today or earlier, not before their ${subject === "resident" ? "admission" : "hire date"}: the records move now.`}
          error={errors.date?.message}
          {...register("date")}
        />
        {subject === "resident" && (
          <fieldset className="transfer-dialog__place" aria-describedby="transfer-place-hint">
            <legend>At the new home</legend>
            <div className="transfer-dialog__place-fields">
              <FormField label="Room" autoComplete="off" error={errors.room?.message} {...register("room")} />
              <FormField label="Bed" autoComplete="off" error={errors.bed?.message} {...register("bed")} />
            </div>
            <RoomTakenWarning facilityId={destination} room={room ?? ""} bed={bed ?? ""} residentId={person.id} />
            <p id="transfer-place-hint" className="transfer-dialog__hint">
              {oldPlace ? `${oldPlace} at ${facilityName(facilities, person.facilityId)} is released. ` : ""}
              Leave empty if not known yet.
            </p>
          </fieldset>
        )}
        <FormField kind="textarea" label="Reason" rows={3} error={errors.reason?.message} {...register("reason")} />
        <p className="transfer-dialog__hint">{WHAT_MOVES[subject]}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? "Transferring…" : "Transfer"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
