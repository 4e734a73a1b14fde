/**
 * A referral's contact log: each call, e-mail, visit or tour with the prospect or their family, with
 * notes, who logged it and when (in the home's time zone), newest first, a page at a time; users who may
 * change referrals add an entry inline.
 */
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { CONTACT_KINDS, ZReferralContact } from "@care/core/collections/referrals.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import { wallClockInstant, wallClockOf } from "@care/core/rules/date-only.rules";
import { zoneOf } from "../../lib/facility-scope.ts";
import { useFacilities } from "../../lib/facilities.tsx";
import { useData } from "../../lib/ports.tsx";
import { useShownRecords } from "../../lib/records/use-records.ts";
import { applyFieldErrors, reportError } from "../../lib/report-error.ts";
import { FormField } from "../../ui/form-field.tsx";
import { CONTACT_KIND_LABELS, tourText, type TReferralRecord } from "./referral-format.ts";

const LABELS = FIELD_LABELS.referralContacts;
const ZContactForm = ZReferralContact.pick({ kind: true, withWhom: true, notes: true });

interface TContactValues {
  kind: (typeof CONTACT_KINDS)[number];
  date: string;
  time: string;
  withWhom: string;
  notes: string;
}

/** "Thu 2026-11-26, 2:00 PM" in the home's time zone, as a tour's time reads. */
function contactTime(at: string, timeZone: string): string {
  const { date, time } = wallClockOf(Date.parse(at), timeZone);
  return tourText(`${date}T${time}`);
}

export function ReferralContacts({ referral, mayAdd }: { referral: TReferralRecord; mayAdd: boolean }) {
  const { facilities } = useFacilities();
  const { timeZone } = zoneOf(facilities, referral.facilityId);
  const contacts = useShownRecords(
    "referralContacts",
    { where: { referralId: referral.id }, orderBy: { field: "at", direction: "desc" } },
    10,
  );
  return (
    <section className="card referral-contacts" aria-labelledby="contacts-title">
      <h2 id="contacts-title">Contact log</h2>
      {mayAdd && <AddContact referral={referral} timeZone={timeZone} />}
      {!contacts.loading && contacts.items.length === 0 ? (
        <p>No calls, e-mails or visits logged yet.</p>
      ) : (
        <ol className="record-history__list">
          {contacts.items.map((c) => (
            <li key={c.id} className="record-history__item">
              <p className="record-history__who">
                <time dateTime={c.at}>{contactTime(c.at, timeZone)}</time> ·{" "}
                <strong>{CONTACT_KIND_LABELS[c.kind]}</strong>
                {c.withWhom ? ` with ${c.withWhom}` : ""}
              </p>
              <p className="referral-contacts__notes">{c.notes}</p>
            </li>
          ))}
        </ol>
      )}
      {contacts.hasMore && !contacts.loading && (
        <button type="button" className="button button--secondary" onClick={contacts.showMore}>
          Show older contacts
        </button>
      )}
    </section>
  );
}

function AddContact({ referral, timeZone }: { referral: TReferralRecord; timeZone: string }) {
  const data = useData();
  const now = () => wallClockOf(Date.now(), timeZone);
  const blank = (): TContactValues => ({ kind: "call", date: now().date, time: now().time, withWhom: "", notes: "" });
  const form = useForm<TContactValues>({ defaultValues: blank() });
  const {
    register,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = form.handleSubmit(async (v) => {
    const checked = ZContactForm.safeParse({ kind: v.kind, withWhom: v.withWhom, notes: v.notes });
    if (!checked.success) {
      for (const issue of checked.error.issues)
        setError(String(issue.path[0]) as keyof TContactValues, { message: issue.message });
      return;
    }
    if (!v.date || !/^\d{2}:\d{2}$/.test(v.time)) return setError("time", { message: "Enter the date and time" });
    const at = new Date(wallClockInstant(v.date, v.time, timeZone)).toISOString();
    if (at > new Date(Date.now() + 60_000).toISOString())
      return setError("time", { message: "Log a contact once it happened: not in the future" });
    try {
      await data.create("referralContacts", {
        referralId: referral.id,
        facilityId: referral.facilityId,
        at,
        ...checked.data,
      });
      toast.success("The contact was logged.");
      form.reset(blank());
    } catch (error) {
      if (!applyFieldErrors(error, setError, ["kind", "withWhom", "notes"])) reportError(error);
    }
  });
  return (
    <form className="referral-contacts__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField
        kind="select"
        label={LABELS.kind}
        options={CONTACT_KINDS.map((k) => ({ value: k, label: CONTACT_KIND_LABELS[k] }))}
        {...register("kind")}
      />
      <FormField label="Date" type="date" required {...register("date")} />
      <FormField label="Time" type="time" required error={errors.time?.message} {...register("time")} />
      <FormField label={LABELS.withWhom} error={errors.withWhom?.message} {...register("withWhom")} />
      <FormField
        kind="textarea"
        label={LABELS.notes}
        required
        rows={2}
        className="form-field--wide"
        error={errors.notes?.message}
        {...register("notes")}
      />
      <div>
        <button type="submit" className="button button--secondary" disabled={isSubmitting}>
          {isSubmitting ? "Logging…" : "Log contact"}
        </button>
      </div>
    </form>
  );
}
