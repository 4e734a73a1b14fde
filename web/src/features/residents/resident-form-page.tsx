/**
 * Add New Resident (`/residents/add`) and edit (`/residents/:id/edit`). Adding commits the resident
 * (with an id made here) and the admission in their history together, so neither exists without the
 * other. An edit refused as stale (someone saved after this form was opened) keeps the user's edits in
 * the form and shows, field by field, what the other person saved.
 */
import { can } from "@care/core/rules/access.rules";
import { headingName } from "@care/core/rules/person-name.rules";
import { useWatch, type Path } from "react-hook-form";
import toast from "react-hot-toast";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import type { TRecordOf } from "@care/core/registry";
import { moveInOps, sisterClosesText, sisterReferrals } from "@care/core/rules/referral-move-in.rules";
import { AppError, isAppError } from "@care/core/app-error";
import { FIELD_LABELS } from "@care/core/field-labels";
import { facilityName, facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData, useInsights, useSession } from "../../lib/ports.tsx";
import { useRecord } from "../../lib/records/use-records.ts";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { applyFieldErrors, reportError } from "../../lib/report-error.ts";
import { useFollowSelectedFacility, useSelectedFacility } from "../../lib/selected-facility.ts";
import { FormActions } from "../../ui/form-actions.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import { VersionedForm } from "../../ui/versioned-form.tsx";
import { ResidentFormFields, useResidentForm, type TResidentForm } from "./resident-form.tsx";
import {
  admissionFromReferral,
  EDITED_FIELDS,
  editPatch,
  fieldPaths,
  newResidentValues,
  residentToValues,
  type TResidentFormValues,
  type TResidentRecord,
} from "./resident-form-values.ts";
import { residentValueText } from "./resident-format.ts";
import { ResidentNotFound } from "./resident-not-found.tsx";
import "./residents.css";

function formFields(form: TResidentForm): Path<TResidentFormValues>[] {
  return fieldPaths(form.getValues("emergencyContacts")?.length ?? 0) as Path<TResidentFormValues>[];
}

/**
 * Whether the form offers the over-capacity exception: to a user who may change facilities, once the home was refused
 * as full or when one is already recorded.
 */
function useExceptionOffered(form: TResidentForm): boolean {
  const session = useSession();
  const recorded = Boolean(useWatch({ control: form.control, name: "capacityException" }));
  const refusedAsFull = /licensed/.test(form.formState.errors.facilityId?.message ?? "");
  return Boolean(session && can(session, "facilities", "write")) && (recorded || refusedAsFull);
}

/** A commit may name the fields of its first write (the resident) `ops.0.<field>`; the form names them `<field>`. */
function firstOpErrors(error: unknown): unknown {
  if (!isAppError(error) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, message]) => [field.replace(/^ops\.0\./, ""), message]),
  );
  return new AppError(error.code, error.message, { fields });
}

export function AddResidentPage() {
  const referralId = useSearchParams()[0].get("referral") ?? "";
  const referral = useRecord("referrals", referralId);
  if (!referralId) return <AddResidentForm />;
  return (
    <RecordGate state={referral} notFound={<ResidentNotFound />}>
      {(found) => <AddResidentForm referral={found} />}
    </RecordGate>
  );
}

/**
 * The admission form; admitting a referral (`?referral=`) fills it in from the referral (name, date of
 * birth, home, desired move-in, the budget as the monthly rate, the contact person) and commits the
 * referral's move-in (and the close of the prospect's other open referrals) with the admission.
 */
function AddResidentForm({ referral }: { referral?: TRecordOf<"referrals"> }) {
  const data = useData();
  const session = useSession();
  const insights = useInsights();
  const navigate = useNavigate();
  const [selected] = useSelectedFacility();
  const { facilities } = useFacilities();
  const facilityId = referral?.facilityId ?? selected;
  // Today where the resident is admitted: a browser elsewhere must not make it tomorrow (a planned move-in).
  const today = facilityToday(facilities, facilityId);
  const form = useResidentForm(
    referral
      ? admissionFromReferral(referral, today, Boolean(session && can(session, "rent", "write")))
      : newResidentValues(facilityId, today),
  );
  useFollowSelectedFacility(
    selected,
    () => form.getValues("facilityId"),
    (id) => form.setValue("facilityId", id),
  );
  const showException = useExceptionOffered(form);

  const onSubmit = form.handleSubmit(async (values) => {
    const id = crypto.randomUUID();
    try {
      const moveIn = referral ? await sisterReferrals({ data, insights }, referral) : null;
      const referralOps =
        referral && moveIn
          ? moveInOps({
              referral,
              residentId: id,
              moveInDate: values.admissionDate,
              // The first month's rent fixes the agent's fee: recorded by a role with Referral fees.
              firstMonthRentCents: session && can(session, "fees", "write") ? values.monthlyRateCents : undefined,
              sisters: moveIn.sisters,
            })
          : [];
      await data.commit([
        { op: "create", collection: "residents", id, data: values },
        {
          op: "create",
          collection: "residentEvents",
          data: { residentId: id, facilityId: values.facilityId, type: "admission", date: values.admissionDate },
        },
        ...referralOps,
      ]);
      const closed = referralOps.length > 0 ? sisterClosesText(referralOps.length - 1, moveIn?.elsewhere ?? 0) : "";
      toast.success(
        `${headingName(values)} was admitted.${referral ? ` The referral is closed as moved in. ${closed}` : ""}`.trim(),
      );
      navigate(paths.residents.detail.href(id));
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT" && referral)
        toast.error("Someone else changed this referral meanwhile; nothing was saved. Open the referral again.", {
          id: "error-CONFLICT",
        });
      else if (!applyFieldErrors(firstOpErrors(error), form.setError, formFields(form))) reportError(error);
    }
  });

  return (
    <article className="page resident-form-page" aria-labelledby="page-title">
      <PageHeader
        title="Add New Resident"
        intro={
          referral
            ? `Admit ${referral.firstName} ${referral.lastName} from their referral. Check and complete the face sheet; saving also closes the referral as moved in.`
            : "Admit a resident to one of your homes. Fields marked * are required; the record becomes their face sheet, medical record and rent account."
        }
      />
      <form className="resident-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <ResidentFormFields
          form={form}
          showException={showException}
          facilityHint={referral ? "The home the prospect was referred to." : undefined}
        />
        <FormActions
          saving={form.formState.isSubmitting}
          unsaved={form.formState.isDirty}
          label="Save resident"
          cancelTo={referral ? paths.agents.referral.href(referral.id) : paths.residents.list.href()}
        />
      </form>
    </article>
  );
}

export function EditResidentPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("residents", id)} notFound={<ResidentNotFound />}>
      {(resident) => <EditResidentForm key={resident.id} initial={resident} />}
    </RecordGate>
  );
}

function EditResidentForm({ initial }: { initial: TResidentRecord }) {
  const navigate = useNavigate();
  const { facilities } = useFacilities();
  const form = useResidentForm(residentToValues(initial));
  const showException = useExceptionOffered(form);
  const edit = useVersionedEdit({
    collection: "residents",
    initial,
    form,
    toValues: residentToValues,
    toPatch: editPatch,
    fields: formFields(form),
  });

  const { base } = edit;
  return (
    <article className="page resident-form-page" aria-labelledby="page-title">
      <PageHeader title={`Edit ${headingName(base)}`} />
      <ResidentTabs residentId={base.id} />
      <VersionedForm
        edit={edit}
        form={form}
        noun="resident"
        fields={EDITED_FIELDS}
        label={(field) => FIELD_LABELS.residents[field]}
        show={(values, field) => residentValueText(values, field, (id) => facilityName(facilities, id))}
        toValues={residentToValues}
        cancelTo={paths.residents.detail.href(base.id)}
        onSaved={(saved) => {
          toast.success(`${headingName(saved)} was saved.`);
          navigate(paths.residents.detail.href(saved.id));
        }}
        className="resident-form"
      >
        <ResidentFormFields form={form} residentId={base.id} showException={showException} />
      </VersionedForm>
    </article>
  );
}
