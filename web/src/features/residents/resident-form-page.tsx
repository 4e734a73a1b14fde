/**
 * Add New Resident (`/residents/add`) and edit (`/residents/:id/edit`). Adding commits the resident
 * (with an id made here) and the admission in their history together, so neither exists without the
 * other. An edit refused as stale (someone saved after this form was
 * opened) keeps the user's edits in the form and shows, field by field, what the other person saved.
 */
import { useState } from "react";
import type { Path } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import { AppError, isAppError } from "@care/core/app-error";
import { useData } from "../../app/providers.tsx";
import { applyFieldErrors, reportError } from "../../app/report-error.ts";
import { useSelectedFacility } from "../../app/selected-facility.ts";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import { ResidentFormFields, useResidentForm, type TResidentForm } from "./resident-form.tsx";
import {
  changedFields,
  editPatch,
  fieldPaths,
  newResidentValues,
  residentToValues,
  type TResidentFormValues,
  type TResidentRecord,
} from "./resident-form-values.ts";
import { residentName, today } from "./resident-format.ts";
import { ResidentConflictPanel } from "./resident-conflict.tsx";
import { ResidentNotFound } from "./resident-not-found.tsx";
import { useResident } from "./use-resident.ts";
import "./residents.css";

function serverFieldErrors(form: TResidentForm, error: unknown): boolean {
  const paths = fieldPaths(form.getValues("emergencyContacts")?.length ?? 0) as Path<TResidentFormValues>[];
  return applyFieldErrors(error, form.setError, paths);
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
  const data = useData();
  const navigate = useNavigate();
  const [facilityId] = useSelectedFacility();
  const form = useResidentForm(newResidentValues(facilityId, today()));

  const onSubmit = form.handleSubmit(async (values) => {
    const id = crypto.randomUUID();
    try {
      await data.commit([
        { op: "create", collection: "residents", id, data: values },
        {
          op: "create",
          collection: "residentEvents",
          data: { residentId: id, facilityId: values.facilityId, type: "admission", date: values.admissionDate },
        },
      ]);
      toast.success(`${residentName(values)} was admitted.`);
      navigate(`/residents/${id}`);
    } catch (error) {
      if (!serverFieldErrors(form, firstOpErrors(error))) reportError(error);
    }
  });

  return (
    <article className="resident-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Add New Resident</h1>
      <p className="resident-form-page__intro">
        Admit a resident to one of your homes. Fields marked * are required; the record becomes their face sheet,
        medical record and rent account.
      </p>
      <form className="resident-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <ResidentFormFields form={form} />
        <div className="resident-form__actions">
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Saving…" : "Save resident"}
          </button>
          <Link className="button button--secondary" to="/residents">
            Cancel
          </Link>
        </div>
      </form>
    </article>
  );
}

export function EditResidentPage() {
  const { id = "" } = useParams();
  const { resident, missing } = useResident(id);
  if (missing) return <ResidentNotFound />;
  if (!resident)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  return <EditResidentForm key={resident.id} initial={resident} />;
}

function EditResidentForm({ initial }: { initial: TResidentRecord }) {
  const data = useData();
  const navigate = useNavigate();
  /** The version this form saves against: the one loaded, or the newer one after a conflict. */
  const [base, setBase] = useState(initial);
  const [conflict, setConflict] = useState<{ theirs: TResidentRecord; mine: TResidentFormValues } | null>(null);
  const form = useResidentForm(residentToValues(initial));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await data.update("residents", base.id, editPatch(values), base.version);
      toast.success(`${residentName(saved)} was saved.`);
      navigate(`/residents/${saved.id}`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT" && error.current) {
        const theirs = error.current as TResidentRecord;
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
    form.reset(residentToValues(conflict.theirs));
    setConflict(null);
  };

  return (
    <article className="resident-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Edit {residentName(base)}</h1>
      <ResidentTabs residentId={base.id} />
      {conflict && (
        <ResidentConflictPanel
          theirs={residentToValues(conflict.theirs)}
          mine={conflict.mine}
          fields={changedFields(conflict.mine, residentToValues(conflict.theirs))}
          onUseTheirs={useTheirs}
        />
      )}
      <form className="resident-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <ResidentFormFields form={form} />
        <div className="resident-form__actions">
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Saving…" : conflict ? "Save my version" : "Save changes"}
          </button>
          <Link className="button button--secondary" to={`/residents/${base.id}`}>
            Cancel
          </Link>
        </div>
      </form>
    </article>
  );
}
