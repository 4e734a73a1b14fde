/**
 * Add New Staff (`/staff/add`) and edit (`/staff/:id/edit`). An edit refused as stale (someone saved
 * after this form was opened) keeps the user's edits in the form and shows, field by field, what the
 * other person saved; the next save is made against their version.
 */
import { headingName } from "@care/core/rules/person-name.rules";
import type { Path } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import { FIELD_LABELS } from "@care/core/field-labels";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData } from "../../lib/ports.tsx";
import { useRecord } from "../../lib/records/use-records.ts";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { applyFieldErrors, reportError } from "../../lib/report-error.ts";
import { useFollowSelectedFacility, useSelectedFacility } from "../../lib/selected-facility.ts";
import { FormActions } from "../../ui/form-actions.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import { VersionedForm } from "../../ui/versioned-form.tsx";
import { StaffFormFields, useStaffForm } from "./staff-form.tsx";
import {
  STAFF_FIELDS,
  createInput,
  editPatch,
  newStaffValues,
  staffToValues,
  type TStaffFormValues,
  type TStaffRecord,
} from "./staff-form-values.ts";
import { staffValueText } from "./staff-format.ts";
import { StaffNotFound } from "./staff-not-found.tsx";
import { useFileHere } from "./staff-access.ts";
import "./staff.css";

const FORM_FIELDS = STAFF_FIELDS as Path<TStaffFormValues>[];

export function AddStaffPage() {
  const data = useData();
  const navigate = useNavigate();
  const [facilityId] = useSelectedFacility();
  const form = useStaffForm(newStaffValues(facilityId));
  useFollowSelectedFacility(
    facilityId,
    () => form.getValues("facilityId"),
    (id) => form.setValue("facilityId", id),
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await data.create("staff", createInput(values));
      toast.success(`${headingName(saved)} was added.`);
      navigate(paths.staff.detail.href(saved.id));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FORM_FIELDS)) reportError(error);
    }
  });

  return (
    <article className="page staff-form-page" aria-labelledby="page-title">
      <PageHeader
        title="Add New Staff"
        intro="Add an employee with their position, the homes they work in and their Live Scan clearance. Fields marked * are required. Certificates such as first aid/CPR are uploaded on their page once they are saved."
      />
      <form className="staff-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <StaffFormFields form={form} />
        <FormActions
          saving={form.formState.isSubmitting}
          unsaved={form.formState.isDirty}
          label="Save staff member"
          cancelTo={paths.staff.list.href()}
        />
      </form>
    </article>
  );
}

export function EditStaffPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("staff", id)} notFound={<StaffNotFound />}>
      {(member) => <EditOrExplain member={member} />}
    </RecordGate>
  );
}

/** The form, or why not: a staff member of a home the user does not see is changed by that home. */
function EditOrExplain({ member }: { member: TStaffRecord }) {
  const fileHere = useFileHere(member);
  if (fileHere) return <EditStaffForm key={member.id} initial={member} />;
  return (
    <article className="page staff-form-page" aria-labelledby="page-title">
      <PageHeader title={`Edit ${headingName(member)}`} />
      <p className="alert" role="status">
        {headingName(member)} belongs to a home you do not see: changes to their record are made by that home&apos;s
        staff.
      </p>
      <p>
        <Link to={paths.staff.detail.href(member.id)}>Back to {headingName(member)}</Link>
      </p>
    </article>
  );
}

function EditStaffForm({ initial }: { initial: TStaffRecord }) {
  const navigate = useNavigate();
  const { facilities } = useFacilities();
  const form = useStaffForm(staffToValues(initial));
  const edit = useVersionedEdit({
    collection: "staff",
    initial,
    form,
    toValues: staffToValues,
    toPatch: editPatch,
    fields: FORM_FIELDS,
  });

  const { base } = edit;
  return (
    <article className="page staff-form-page" aria-labelledby="page-title">
      <PageHeader title={`Edit ${headingName(base)}`} />
      <VersionedForm
        edit={edit}
        form={form}
        noun="staff member"
        fields={STAFF_FIELDS}
        label={(field) => FIELD_LABELS.staff[field]}
        show={(values, field) => staffValueText(values, field, (id) => facilityName(facilities, id))}
        toValues={staffToValues}
        cancelTo={paths.staff.detail.href(base.id)}
        onSaved={(saved) => {
          toast.success(`${headingName(saved)} was saved.`);
          navigate(paths.staff.detail.href(saved.id));
        }}
        className="staff-form"
      >
        <StaffFormFields form={form} editing />
      </VersionedForm>
    </article>
  );
}
