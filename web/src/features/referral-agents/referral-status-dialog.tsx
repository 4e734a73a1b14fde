/**
 * Moving a referral to another stage, from its page or the pipeline's status menu: a tour needs its date
 * and time, "Toured" a tour recorded (its date and time, or a Tour in the contact log: the backend checks),
 * a close its reason (and notes), an open stage may set the next follow-up. "Moved in" offers
 * Add New Resident filled in from the referral, or linking a resident already admitted; either way the
 * referral, the resident link and the prospect's other open referrals (closed as "moved to a sister
 * home") are written in one commit. A move refused as stale (someone moved it first) says to what.
 */
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import toast from "react-hot-toast";
import { Link } from "react-router-dom";
import { isAppError } from "@care/core/app-error";
import {
  REFERRAL_STATUSES,
  type TCloseReason,
  type TReferralStatus,
} from "@care/core/collections/referrals.collection";
import type { TPatchOf } from "@care/core/registry";
import { distinctListNames } from "@care/core/rules/person-name.rules";
import { isOpenReferral, moveInOps, sisterClosesText, sisterReferrals } from "@care/core/rules/referral-move-in.rules";
import { useCan } from "../../lib/access.ts";
import { facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { parseDollars } from "../../lib/money.ts";
import { paths } from "../../lib/paths.ts";
import { useData, useInsights } from "../../lib/ports.tsx";
import { useAllRecords } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyField } from "../../ui/money-field.tsx";
import { CLOSE_REASON_LABELS, prospectName, STATUS_LABELS, type TReferralRecord } from "./referral-format.ts";

interface TStatusValues {
  status: TReferralStatus;
  tourDate: string;
  tourTime: string;
  closeReason: string;
  outcomeNotes: string;
  nextFollowUp: string;
  residentId: string;
  moveInDate: string;
  firstMonthRent: string;
}

/**
 * The reasons a person picks for each way of closing (a move-in and a sister-home close are recorded by
 * the move-in itself): declined is the home's decision, lost the prospect's.
 */
const PICKED_REASONS: Record<"declined" | "lost", readonly TCloseReason[]> = {
  declined: ["declined_by_us", "deceased", "other"],
  lost: ["chose_another_provider", "duplicate", "deceased", "other"],
};

export function ReferralStatusDialog({
  referral,
  to,
  onClose,
}: {
  referral: TReferralRecord;
  /** The stage chosen (from the pipeline's menu or a drop); the dialog opens on it. */
  to?: TReferralStatus;
  onClose: () => void;
}) {
  const data = useData();
  const insights = useInsights();
  const can = useCan();
  const { facilities } = useFacilities();
  const today = facilityToday(facilities, referral.facilityId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [tourDate = "", tourTime = ""] = (referral.tourAt ?? "").split("T");
  const form = useForm<TStatusValues>({
    defaultValues: {
      status: to ?? referral.status,
      tourDate,
      tourTime,
      closeReason: referral.closeReason && referral.closeReason !== "moved_in" ? referral.closeReason : "",
      outcomeNotes: referral.outcomeNotes ?? "",
      nextFollowUp: referral.nextFollowUp ?? "",
      residentId: "",
      moveInDate: referral.desiredMoveIn && referral.desiredMoveIn <= today ? referral.desiredMoveIn : today,
      firstMonthRent: "",
    },
  });
  const {
    register,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const status = useWatch({ control, name: "status" });
  const closing = status === "declined" || status === "lost";
  const residents = useAllRecords(
    "residents",
    { where: { facilityId: referral.facilityId, status: ["active", "on_leave", "hospital"] } },
    { enabled: status === "moved_in" && can("residents") },
  );

  const onSubmit = form.handleSubmit(async (v) => {
    setRefusal(null);
    try {
      if (v.status === "moved_in") {
        if (!v.residentId) return setError("residentId", { message: "Choose the resident, or admit a new one" });
        let firstMonthRentCents: number | undefined;
        if (v.firstMonthRent.trim()) {
          const parsed = parseDollars(v.firstMonthRent);
          if ("error" in parsed) return setError("firstMonthRent", { message: parsed.error });
          firstMonthRentCents = parsed.cents;
        }
        const { sisters, elsewhere } = await sisterReferrals({ data, insights }, referral);
        const ops = moveInOps({
          referral,
          residentId: v.residentId,
          moveInDate: v.moveInDate,
          firstMonthRentCents,
          sisters,
        });
        await data.commit(ops);
        toast.success(`${prospectName(referral)} moved in. ${sisterClosesText(ops.length - 1, elsewhere)}`.trim());
        return onClose();
      }
      const patch: TPatchOf<"referrals"> = { status: v.status };
      if (v.status === "tour_scheduled") {
        if (!v.tourDate) setError("tourDate", { message: "Enter the tour's date" });
        if (!v.tourTime) setError("tourTime", { message: "Enter the tour's time" });
        if (!v.tourDate || !v.tourTime) return;
        patch.tourAt = `${v.tourDate}T${v.tourTime}`;
      }
      // A tour still to come has not been held: reschedule it rather than skip past it.
      const tourDay = referral.tourAt?.slice(0, 10);
      if ((v.status === "toured" || v.status === "assessment") && tourDay && tourDay > today)
        return setError("status", {
          message: `The tour is planned for ${tourDay}: it has not taken place yet. If it was held earlier, choose “Tour scheduled” with the day it was held, save, then mark it toured.`,
        });
      if (closing) {
        if (!v.closeReason) return setError("closeReason", { message: "Choose why the referral was closed" });
        patch.closeReason = v.closeReason as TCloseReason;
        patch.nextFollowUp = null;
      } else {
        patch.closeReason = null;
        patch.nextFollowUp = v.nextFollowUp || null;
      }
      patch.outcomeNotes = v.outcomeNotes.trim() || null;
      await data.update("referrals", referral.id, patch, referral.version);
      toast.success(`${prospectName(referral)}: ${STATUS_LABELS[v.status].toLowerCase()}.`);
      onClose();
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT") {
        const current = error.current as TReferralRecord | undefined;
        setRefusal(
          current
            ? `Someone else changed this referral meanwhile: it is now “${STATUS_LABELS[current.status]}”. Nothing was saved; look at it again before you move it.`
            : "Someone else changed this referral meanwhile. Nothing was saved; look at it again before you move it.",
        );
        return;
      }
      if (isAppError(error) && error.code === "VALIDATION" && error.fields) {
        const [field, message] = Object.entries(error.fields)[0] ?? [];
        if (field === "tourAt") return setError("tourDate", { message: message ?? "Check the tour" });
        // "Toured" with no tour recorded: the message says how to record it.
        if (field === "status") return setError("status", { message: message ?? "Check the status" });
        if (field === "moveInDate") return setError("moveInDate", { message: message ?? "Check the date" });
      }
      reportError(error);
    }
  });

  return (
    <Dialog open title={`Move the referral of ${prospectName(referral)}`} onClose={onClose}>
      {refusal && (
        <p className="alert" role="alert">
          {refusal}
        </p>
      )}
      <form className="agent-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField
          kind="select"
          label="Status"
          required
          options={REFERRAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          error={errors.status?.message}
          {...register("status")}
        />
        {status === "tour_scheduled" && (
          <div className="form-grid">
            <FormField
              label="Tour date"
              type="date"
              required
              error={errors.tourDate?.message}
              {...register("tourDate")}
            />
            <FormField
              label="Tour time"
              type="time"
              hint="In the home's time."
              required
              error={errors.tourTime?.message}
              {...register("tourTime")}
            />
          </div>
        )}
        {closing && (
          <FormField
            kind="select"
            label="Why is it closed?"
            required
            placeholder="Choose…"
            options={PICKED_REASONS[status as "declined" | "lost"]
              // Only a referral linked to an earlier one (when it was logged) closes as its duplicate.
              .filter((r) => r !== "duplicate" || referral.duplicateOfId)
              .map((r) => ({
                value: r,
                label: CLOSE_REASON_LABELS[r],
              }))}
            error={errors.closeReason?.message}
            {...register("closeReason")}
          />
        )}
        {status === "moved_in" ? (
          <MoveInFields
            referral={referral}
            residents={[...distinctListNames(residents.data ?? [])].map(([id, name]) => ({ value: id, label: name }))}
            form={form}
          />
        ) : (
          <>
            {!closing && (
              <FormField
                label="Next follow-up"
                type="date"
                error={errors.nextFollowUp?.message}
                {...register("nextFollowUp")}
              />
            )}
            <FormField kind="textarea" label="Outcome notes" rows={2} {...register("outcomeNotes")} />
          </>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : status === "moved_in" ? "Record the move-in" : "Save"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function MoveInFields({
  referral,
  residents,
  form,
}: {
  referral: TReferralRecord;
  residents: { value: string; label: string }[];
  form: ReturnType<typeof useForm<TStatusValues>>;
}) {
  const can = useCan();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="referral-move-in">
      {can("residents", "write") && isOpenReferral(referral) && (
        <p>
          <Link className="button" to={paths.residents.admitReferral.href(referral.id)}>
            Admit as a new resident…
          </Link>
          <span className="form-field__hint"> Add New Resident, filled in from this referral.</span>
        </p>
      )}
      <p className="form-field__hint">Or link a resident already admitted to the home:</p>
      <FormField
        kind="select"
        label="Resident"
        required
        placeholder={residents.length === 0 ? "No residents in this home" : "Choose the resident…"}
        options={residents}
        error={errors.residentId?.message}
        {...register("residentId")}
      />
      <div className="form-grid">
        <FormField
          label="Move-in date"
          type="date"
          required
          error={errors.moveInDate?.message}
          {...register("moveInDate")}
        />
        {can("fees", "write") && (
          <MoneyField
            label="First month's rent ($)"
            hint="Fixes the agent's fee."
            error={errors.firstMonthRent?.message}
            {...register("firstMonthRent")}
          />
        )}
      </div>
    </div>
  );
}
