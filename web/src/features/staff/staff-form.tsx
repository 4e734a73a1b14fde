/**
 * The add/edit staff form: every field of the shared ZStaff schema (errors beside each field), the home
 * facility as a select and the other homes they work at as checkboxes. The page decides what saving
 * means; server field messages come back through `setError`.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, type ReactNode } from "react";
import { Controller, useForm, useWatch, type FieldError, type UseFormReturn } from "react-hook-form";
import { ZStaff } from "@care/core/collections/staff.collection";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { formMessage } from "../../ui/form-messages.ts";
import { STATUS_LABELS, optionsOf } from "./staff-format.ts";
import { CLEARANCE_LABELS } from "@care/core/collections/staff.collection";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import type { TStaffFormValues, TStaffOutput } from "./staff-form-values.ts";

export type TStaffForm = UseFormReturn<TStaffFormValues, unknown, TStaffOutput>;

export function useStaffForm(defaultValues: TStaffFormValues): TStaffForm {
  return useForm<TStaffFormValues, unknown, TStaffOutput>({
    resolver: zodResolver(ZStaff),
    defaultValues,
    mode: "onTouched",
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="staff-form__section card">
      <legend>{title}</legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  );
}

/** Checkboxes for the homes besides the home facility; the home facility itself is not offered. */
function OtherFacilities({ form }: { form: TStaffForm }) {
  const { facilities } = useFacilities();
  const home = useWatch({ control: form.control, name: "facilityId" });
  const others = facilities.filter((f) => f.id !== home);
  // A home chosen as the home facility is no longer an "also works at" home, even after choosing another.
  useEffect(() => {
    const also = form.getValues("otherFacilityIds") ?? [];
    if (also.includes(home))
      form.setValue(
        "otherFacilityIds",
        also.filter((id) => id !== home),
        { shouldDirty: true },
      );
  }, [form, home]);
  return (
    <Controller
      control={form.control}
      name="otherFacilityIds"
      render={({ field, fieldState }) => {
        const checked = new Set(field.value ?? []);
        return (
          <fieldset className="staff-form__facilities form-field--wide">
            <legend className="form-field__label">Also works at</legend>
            {others.length === 0 ? (
              <p className="form-field__hint">There are no other facilities.</p>
            ) : (
              <div className="staff-form__checks">
                {others.map((f) => (
                  <label key={f.id} className="form-field__check">
                    <input
                      type="checkbox"
                      name="otherFacilityIds"
                      value={f.id}
                      checked={checked.has(f.id)}
                      onBlur={field.onBlur}
                      onChange={(event) => {
                        const next = new Set(checked);
                        if (event.target.checked) next.add(f.id);
                        else next.delete(f.id);
                        field.onChange(facilities.map((x) => x.id).filter((id) => next.has(id)));
                      }}
                    />{" "}
                    {f.name}
                  </label>
                ))}
              </div>
            )}
            {fieldState.error?.message && (
              <p className="form-field__error" role="alert">
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

export function StaffFormFields({
  form,
  editing = false,
}: {
  form: TStaffForm;
  /** An existing staff member: their home changes only through the transfer. */
  editing?: boolean;
}) {
  const { facilities } = useFacilities();
  const {
    register,
    formState: { errors },
  } = form;
  const e = (name: keyof typeof errors) => formMessage(errors[name] as FieldError | undefined);
  const optionalDate = { setValueAs: (v: string | undefined) => (v === "" || v === null ? undefined : v) };

  return (
    <>
      <Section title="Name and position">
        <FormField label="First name" required autoComplete="off" error={e("firstName")} {...register("firstName")} />
        <FormField label="Last name" required autoComplete="off" error={e("lastName")} {...register("lastName")} />
        <FormField label="Preferred name" error={e("preferredName")} {...register("preferredName")} />
        <FormField
          kind="select"
          label="Position"
          required
          placeholder="Choose…"
          options={optionsOf(POSITION_LABELS)}
          error={e("position")}
          {...register("position")}
        />
        <FormField
          kind="select"
          label="Status"
          required
          options={optionsOf(STATUS_LABELS)}
          error={e("status")}
          {...register("status")}
        />
      </Section>

      <Section title="Facilities">
        {editing ? (
          <FormField
            label="Home facility"
            name="facilityShown"
            value={facilityName(facilities, form.getValues("facilityId"))}
            disabled
            hint={'To move them to another home, use "Transfer to another home…" on their page.'}
            error={e("facilityId")}
          />
        ) : (
          <FormField
            kind="select"
            label="Home facility"
            required
            placeholder="Choose a facility…"
            hint="The directory lists them under this home."
            options={facilities.map((f) => ({ value: f.id, label: f.name }))}
            error={e("facilityId")}
            {...register("facilityId")}
          />
        )}
        <OtherFacilities form={form} />
      </Section>

      <Section title="Contact">
        <FormField label="Phone" type="tel" autoComplete="off" error={e("phone")} {...register("phone")} />
        <FormField label="E-mail" type="email" autoComplete="off" error={e("email")} {...register("email")} />
        <FormField
          kind="textarea"
          label="Address"
          className="form-field--wide"
          rows={2}
          error={e("address")}
          {...register("address")}
        />
      </Section>

      <Section title="Emergency contact">
        <FormField
          label="Contact name"
          autoComplete="off"
          error={e("emergencyContactName")}
          {...register("emergencyContactName")}
        />
        <FormField
          label="Relationship"
          autoComplete="off"
          error={e("emergencyContactRelationship")}
          {...register("emergencyContactRelationship")}
        />
        <FormField
          label="Contact phone"
          type="tel"
          autoComplete="off"
          error={e("emergencyContactPhone")}
          {...register("emergencyContactPhone")}
        />
      </Section>

      <Section title="Employment">
        <FormField label="Hire date" type="date" error={e("hireDate")} {...register("hireDate", optionalDate)} />
        <FormField
          label="Termination date"
          type="date"
          hint="Required when the status is Terminated."
          error={e("terminationDate")}
          {...register("terminationDate", optionalDate)}
        />
      </Section>

      <Section title="Background clearance (Live Scan)">
        <FormField
          kind="select"
          label="Clearance status"
          required
          options={optionsOf(CLEARANCE_LABELS)}
          error={e("clearanceStatus")}
          {...register("clearanceStatus")}
        />
        <FormField
          label="Live Scan submitted on"
          type="date"
          hint="The day the fingerprints were taken and sent."
          error={e("clearanceSubmittedDate")}
          {...register("clearanceSubmittedDate", optionalDate)}
        />
        <FormField
          label="Decision date"
          type="date"
          hint="The day the clearance, the exemption or the denial came."
          error={e("clearanceDate")}
          {...register("clearanceDate", optionalDate)}
        />
      </Section>

      <Section title="Notes">
        <FormField
          kind="textarea"
          label="Notes"
          className="form-field--wide"
          rows={4}
          hint="Certifications such as first aid/CPR are uploaded as documents on the staff member's page."
          error={e("notes")}
          {...register("notes")}
        />
      </Section>
    </>
  );
}
