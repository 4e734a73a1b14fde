/**
 * Add New Staff (`/staff/add`) and edit (`/staff/:id/edit`). An edit refused as stale (someone saved
 * after this form was opened) keeps the user's edits in the form and shows, field by field, what the
 * other person saved; the next save is made against their version.
 */
import { useState } from "react";
import type { Path } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import { isAppError } from "@care/core/app-error";
import { useData } from "../../app/providers.tsx";
import { applyFieldErrors, reportError } from "../../app/report-error.ts";
import { useSelectedFacility } from "../../app/selected-facility.ts";
import { StaffConflictPanel } from "./staff-conflict.tsx";
import { StaffFormFields, useStaffForm, type TStaffForm } from "./staff-form.tsx";
import {
  STAFF_FIELDS,
  changedFields,
  createInput,
  editPatch,
  newStaffValues,
  staffToValues,
  type TStaffFormValues,
  type TStaffRecord,
} from "./staff-form-values.ts";
import { staffName } from "./staff-format.ts";
import { StaffNotFound } from "./staff-not-found.tsx";
import { useStaffMember } from "./use-staff-member.ts";
import "./staff.css";

function serverFieldErrors(form: TStaffForm, error: unknown): boolean {
  return applyFieldErrors(error, form.setError, STAFF_FIELDS as Path<TStaffFormValues>[]);
}

export function AddStaffPage() {
  const data = useData();
  const navigate = useNavigate();
  const [facilityId] = useSelectedFacility();
  const form = useStaffForm(newStaffValues(facilityId));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await data.create("staff", createInput(values));
      toast.success(`${staffName(saved)} was added.`);
      navigate(`/staff/${saved.id}`);
    } catch (error) {
      if (!serverFieldErrors(form, error)) reportError(error);
    }
  });

  return (
    <article className="staff-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Add New Staff</h1>
      <p className="staff-form-page__intro">
        Add an employee with their role, the homes they work in and their Live Scan clearance. Fields marked * are
        required. Certificates such as first aid/CPR are uploaded on their page once they are saved.
      </p>
      <form className="staff-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <StaffFormFields form={form} />
        <div className="staff-form__actions">
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Saving…" : "Save staff member"}
          </button>
          <Link className="button button--secondary" to="/staff">
            Cancel
          </Link>
        </div>
      </form>
    </article>
  );
}

export function EditStaffPage() {
  const { id = "" } = useParams();
  const { member, missing } = useStaffMember(id);
  if (missing) return <StaffNotFound />;
  if (!member)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  return <EditStaffForm key={member.id} initial={member} />;
}

function EditStaffForm({ initial }: { initial: TStaffRecord }) {
  const data = useData();
  const navigate = useNavigate();
  /** The version this form saves against: the one loaded, or the newer one after a conflict. */
  const [base, setBase] = useState(initial);
  const [conflict, setConflict] = useState<{ theirs: TStaffRecord; mine: TStaffFormValues } | null>(null);
  const form = useStaffForm(staffToValues(initial));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await data.update("staff", base.id, editPatch(values), base.version);
      toast.success(`${staffName(saved)} was saved.`);
      navigate(`/staff/${saved.id}`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT" && error.current) {
        const theirs = error.current as TStaffRecord;
        // The user's edits stay in the form; the next save is made against the newer version.
        setConflict({ theirs, mine: form.getValues() });
        setBase(theirs);
        window.scrollTo({ top: 0, behavior: "smooth" });
        return;
      }
      if (!serverFieldErrors(form, error)) reportError(error);
    }
  });

  const useTheirs = () => {
    if (!conflict) return;
    form.reset(staffToValues(conflict.theirs));
    setConflict(null);
  };

  return (
    <article className="staff-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Edit {staffName(base)}</h1>
      {conflict && (
        <StaffConflictPanel
          theirs={staffToValues(conflict.theirs)}
          mine={conflict.mine}
          fields={changedFields(conflict.mine, staffToValues(conflict.theirs))}
          onUseTheirs={useTheirs}
        />
      )}
      <form className="staff-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <StaffFormFields form={form} />
        <div className="staff-form__actions">
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Saving…" : conflict ? "Save my version" : "Save changes"}
          </button>
          <Link className="button button--secondary" to={`/staff/${base.id}`}>
            Cancel
          </Link>
        </div>
      </form>
    </article>
  );
}
