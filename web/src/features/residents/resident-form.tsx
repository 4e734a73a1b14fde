/**
 * The add/edit resident form: validated with the shared ZResident schema (errors beside each field),
 * emergency contacts as a field array, the monthly rate typed in dollars and kept in cents. The page
 * decides what saving means; server field messages come back through `setError`.
 */
import { useCan, useMayDo } from "../../lib/access.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { Controller, useFieldArray, useForm, type FieldError, type UseFormReturn } from "react-hook-form";
import { ZResident } from "@care/core/collections/residents.collection";
import type { z } from "zod";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { formMessage } from "../../ui/form-messages.ts";
import { AMBULATORY_LABELS, CODE_STATUS_LABELS, GENDER_LABELS, optionsOf, parseDollars } from "./resident-format.ts";
import { DuplicateWarning, PlacementWarnings } from "./admission-checks.tsx";
import { emptyContact, type TResidentFormValues } from "./resident-form-values.ts";

/** The form's only number is the monthly rate, typed in dollars. */
const MONEY_HINT = "Enter an amount such as 2450.00";

export type TResidentForm = UseFormReturn<TResidentFormValues, unknown, z.output<typeof ZResident>>;

export function useResidentForm(defaultValues: TResidentFormValues): TResidentForm {
  return useForm<TResidentFormValues, unknown, z.output<typeof ZResident>>({
    resolver: zodResolver(ZResident),
    defaultValues,
    mode: "onTouched",
  });
}

function MoneyField({ form, error }: { form: TResidentForm; error: string | undefined }) {
  return (
    <Controller
      control={form.control}
      name="monthlyRateCents"
      render={({ field }) => (
        <MoneyInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error} />
      )}
    />
  );
}

function dollars(cents: number | undefined): string {
  return cents === undefined || Number.isNaN(cents) ? "" : (cents / 100).toFixed(2);
}

function MoneyInput({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: number | undefined;
  onChange: (cents: number | undefined) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const [text, setText] = useState(dollars(value));
  const [shown, setShown] = useState(value);
  // The form was reset to other values (e.g. the newer version after a conflict): show them.
  if (!Object.is(value, shown)) {
    setShown(value);
    if (!Number.isNaN(value)) setText(dollars(value));
  }
  return (
    <FormField
      label="Monthly rate ($)"
      name="monthlyRateCents"
      inputMode="decimal"
      hint="The current monthly rent; its history is kept on the Rent tab."
      error={error}
      onBlur={onBlur}
      onChange={(event) => {
        const typed = (event.target as HTMLInputElement).value;
        setText(typed);
        const cents = typed.trim() === "" ? undefined : (parseDollars(typed) ?? Number.NaN);
        setShown(cents);
        onChange(cents);
      }}
      value={text}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="resident-form__section card">
      <legend>{title}</legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  );
}

export function ResidentFormFields({
  form,
  residentId,
  showException = false,
  facilityHint,
}: {
  form: TResidentForm;
  /** The resident being edited (not a match of themselves). */
  residentId?: string | undefined;
  /** Why the facility is fixed on a new admission (admitting a referral: the referral's home). */
  facilityHint?: string | undefined;
  /** Offer the over-capacity exception (an administrator, after a refusal or when one is recorded). */
  showException?: boolean;
}) {
  const { facilities } = useFacilities();
  const canRent = useCan()("rent");
  // The insurance, Medicare and Medi-Cal numbers are medical fields: edited by who may write medical.
  const canMedical = useCan()("medical", "write");
  // The code status given at admission changes only with the role's action (a caregiver's does not).
  const mayDo = useMayDo();
  // After admission the code status changes only through Change code status…, with its source and reason.
  const codeStatusFixed = residentId !== undefined;
  const mayTransfer = mayDo("transferResident");
  const {
    register,
    formState: { errors },
  } = form;
  const contacts = useFieldArray({ control: form.control, name: "emergencyContacts" });
  const e = (name: keyof typeof errors) => formMessage(errors[name] as FieldError | undefined, MONEY_HINT);
  const optionalDate = { setValueAs: (v: string) => (v === "" ? undefined : v) };

  return (
    <>
      <Section title="Name and identity">
        <FormField label="First name" required autoComplete="off" error={e("firstName")} {...register("firstName")} />
        <FormField label="Last name" required autoComplete="off" error={e("lastName")} {...register("lastName")} />
        <FormField label="Preferred name" error={e("preferredName")} {...register("preferredName")} />
        <FormField label="Date of birth" type="date" required error={e("dateOfBirth")} {...register("dateOfBirth")} />
        <FormField
          kind="select"
          label="Gender"
          required
          placeholder="Choose…"
          options={optionsOf(GENDER_LABELS)}
          error={e("gender")}
          {...register("gender")}
        />
        <DuplicateWarning form={form} residentId={residentId} />
      </Section>

      <Section title="Placement">
        {residentId || facilityHint ? (
          <FormField
            label="Facility"
            name="facilityShown"
            value={facilityName(facilities, form.getValues("facilityId"))}
            disabled
            hint={
              facilityHint ??
              (mayTransfer
                ? 'To move them to another home, use "Transfer to another home…" on their face sheet.'
                : "A move to another home is made by a role that may transfer residents.")
            }
            error={e("facilityId")}
          />
        ) : (
          <FormField
            kind="select"
            label="Facility"
            required
            placeholder="Choose a facility…"
            options={facilities.map((f) => ({ value: f.id, label: f.name }))}
            error={e("facilityId")}
            {...register("facilityId")}
          />
        )}
        <FormField label="Room" error={e("room")} {...register("room")} />
        <FormField label="Bed" error={e("bed")} {...register("bed")} />
        <FormField
          label="Admission date"
          type="date"
          required
          error={e("admissionDate")}
          {...register("admissionDate")}
        />
        <FormField label="Level of care" error={e("levelOfCare")} {...register("levelOfCare")} />
        <FormField
          kind="select"
          label="Ambulatory status"
          required
          placeholder="Choose…"
          options={optionsOf(AMBULATORY_LABELS)}
          error={e("ambulatoryStatus")}
          {...register("ambulatoryStatus")}
        />
        {showException && (
          <FormField
            kind="textarea"
            label="Over-capacity exception"
            className="form-field--wide"
            rows={2}
            hint="An approved exception to the licensed capacity, with who approved it and why. It admits the resident over capacity."
            error={e("capacityException")}
            {...register("capacityException")}
          />
        )}
        <div className="form-field--wide">
          <PlacementWarnings form={form} residentId={residentId} />
        </div>
        <input type="hidden" {...register("statusDate", optionalDate)} />
        <input type="hidden" {...register("dischargeDate", optionalDate)} />
      </Section>

      <Section title="Care">
        {codeStatusFixed ? (
          <div className="form-field">
            <span className="form-field__label">Code status</span>
            <p>{CODE_STATUS_LABELS[form.getValues("codeStatus")]}</p>
            <p className="form-field__hint">
              {mayDo("changeCodeStatus")
                ? "Change it with Change code status… on the resident's page, giving the document it rests on."
                : "Changed only by a role holding “Change code status”."}
            </p>
          </div>
        ) : (
          <FormField
            kind="select"
            label="Code status"
            required
            placeholder="Choose…"
            options={optionsOf(CODE_STATUS_LABELS)}
            error={e("codeStatus")}
            {...register("codeStatus")}
          />
        )}
        <FormField label="Primary physician" error={e("primaryPhysician")} {...register("primaryPhysician")} />
        <FormField label="Pharmacy" error={e("pharmacy")} {...register("pharmacy")} />
        <FormField label="Preferred hospital" error={e("preferredHospital")} {...register("preferredHospital")} />
        <FormField
          kind="textarea"
          label="Diet"
          className="form-field--wide"
          rows={2}
          error={e("diet")}
          {...register("diet")}
        />
        <FormField
          kind="checkbox"
          label="Has dementia"
          hint="The schedule then asks for someone awake every night (Title 22 §87705)."
          error={e("dementia")}
          {...register("dementia")}
        />
      </Section>

      {canMedical && (
        <Section title="Insurance">
          <FormField
            label="Medicare number"
            hint="The 11 characters of the red, white and blue card (MBI), e.g. 1EG4-TE5-MK73."
            autoComplete="off"
            error={e("medicareNumber")}
            {...register("medicareNumber")}
          />
          <FormField
            label="Medi-Cal number"
            hint="The first 9 characters of the Benefits Identification Card's ID: 8 digits and a letter."
            autoComplete="off"
            error={e("mediCalNumber")}
            {...register("mediCalNumber")}
          />
          <FormField
            label="Insurance carrier"
            hint="Another health plan or insurer, as on its card."
            autoComplete="off"
            error={e("insuranceCarrier")}
            {...register("insuranceCarrier")}
          />
          <FormField
            label="Member/policy number"
            autoComplete="off"
            error={e("insuranceMemberNumber")}
            {...register("insuranceMemberNumber")}
          />
        </Section>
      )}

      <fieldset className="resident-form__section card">
        <legend>Emergency contacts</legend>
        {errors.emergencyContacts?.root?.message || errors.emergencyContacts?.message ? (
          <p className="form-field__error" role="alert">
            {errors.emergencyContacts.root?.message ?? errors.emergencyContacts.message}
          </p>
        ) : null}
        {contacts.fields.length === 0 && <p className="resident-form__none">No emergency contacts yet.</p>}
        {contacts.fields.map((contact, index) => {
          const ce = errors.emergencyContacts?.[index];
          return (
            <div key={contact.id} className="resident-form__contact">
              <h3 className="resident-form__contact-title">Contact {index + 1}</h3>
              <div className="form-grid">
                <FormField
                  label="Name"
                  required
                  error={formMessage(ce?.name, MONEY_HINT)}
                  {...register(`emergencyContacts.${index}.name`)}
                />
                <FormField
                  label="Relationship"
                  required
                  error={formMessage(ce?.relationship, MONEY_HINT)}
                  {...register(`emergencyContacts.${index}.relationship`)}
                />
                <FormField
                  label="Phone"
                  type="tel"
                  required
                  error={formMessage(ce?.phone, MONEY_HINT)}
                  {...register(`emergencyContacts.${index}.phone`)}
                />
                <FormField
                  label="Other phone"
                  type="tel"
                  error={formMessage(ce?.altPhone, MONEY_HINT)}
                  {...register(`emergencyContacts.${index}.altPhone`)}
                />
                <FormField
                  label="E-mail"
                  type="email"
                  error={formMessage(ce?.email, MONEY_HINT)}
                  {...register(`emergencyContacts.${index}.email`)}
                />
                <div className="resident-form__flags">
                  <FormField
                    kind="checkbox"
                    label="Responsible party"
                    {...register(`emergencyContacts.${index}.responsibleParty`)}
                  />
                  <FormField
                    kind="checkbox"
                    label="Power of attorney"
                    {...register(`emergencyContacts.${index}.powerOfAttorney`)}
                  />
                </div>
              </div>
              <button type="button" className="button button--secondary" onClick={() => contacts.remove(index)}>
                Remove contact {index + 1}
              </button>
            </div>
          );
        })}
        {contacts.fields.length < 10 && (
          <button type="button" className="button button--secondary" onClick={() => contacts.append(emptyContact())}>
            Add a contact
          </button>
        )}
      </fieldset>

      <Section title={canRent ? "Rent and notes" : "Notes"}>
        {canRent && <MoneyField form={form} error={e("monthlyRateCents")} />}
        <FormField
          kind="textarea"
          label="Notes"
          className="form-field--wide"
          rows={4}
          error={e("notes")}
          {...register("notes")}
        />
      </Section>
    </>
  );
}
