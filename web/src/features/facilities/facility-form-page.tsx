/**
 * Add a facility (`/facilities/add`, the id is a slug the administrator may set, fixed afterwards) and
 * edit one (`/facilities/:id/edit`). Administrators only. A stale edit keeps the form as typed, shows
 * what the other person saved and saves against their version.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type FieldError, type Path } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { z } from "zod";
import { isAppError } from "@care/core/app-error";
import { ZFacility } from "@care/core/collections/facilities.collection";
import { ZId } from "@care/core/common.schema";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TPatchOf, TRecordOf } from "@care/core/registry";
import { paths } from "../../lib/paths.ts";
import { useData, useSession } from "../../lib/ports.tsx";
import { useRecord } from "../../lib/records/use-records.ts";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { applyFieldErrors, reportError } from "../../lib/report-error.ts";
import { RecordConflictPanel } from "../../ui/conflict-panel.tsx";
import { plainValue } from "../../ui/field-values.ts";
import { FormActions } from "../../ui/form-actions.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate, RecordNotFound } from "../../ui/record-gate.tsx";
import { slugOf } from "./facility-stats.ts";
import "./facilities-page.css";

type TFacilityRecord = TRecordOf<"facilities">;
const ZFacilityForm = ZFacility.extend({ id: ZId });
type TValues = z.input<typeof ZFacilityForm>;
type TOutput = z.output<typeof ZFacilityForm>;

const FIELDS = [
  "id",
  "name",
  "address",
  "phone",
  "licenseNumber",
  "licensedCapacity",
  "administrator",
  "sortOrder",
] as const satisfies readonly Path<TValues>[];
type TField = (typeof FIELDS)[number];
const LABELS: Record<TField, string> = { id: "Id", ...FIELD_LABELS.facilities };

const optionalNumber = {
  setValueAs: (v: unknown) => (v === "" || v === undefined || v === null ? undefined : Number(v)),
};

function valuesOf(f: TFacilityRecord): TValues {
  return {
    id: f.id,
    name: f.name,
    address: f.address ?? "",
    phone: f.phone ?? "",
    licenseNumber: f.licenseNumber ?? "",
    licensedCapacity: f.licensedCapacity,
    administrator: f.administrator ?? "",
    active: f.active,
    sortOrder: f.sortOrder,
  };
}

function message(error: Pick<FieldError, "message"> | undefined): string | undefined {
  const text = error?.message;
  if (!text) return undefined;
  if (/expected number/.test(text)) return "Enter a whole number";
  return text;
}

function AdminsOnly() {
  return (
    <article className="facility-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Facilities</h1>
      <p className="alert" role="status">
        Only administrators add and change facilities. <Link to={paths.facilities.list.href()}>Back to Facilities</Link>
      </p>
    </article>
  );
}

function FacilityFields({
  form,
  isNew,
}: {
  form: ReturnType<typeof useForm<TValues, unknown, TOutput>>;
  isNew: boolean;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const [idTouched, setIdTouched] = useState(false);
  const nameField = register("name");
  return (
    <fieldset className="facility-form card">
      <legend>Facility</legend>
      <div className="form-grid">
        <FormField
          label={LABELS.name}
          required
          autoComplete="off"
          error={message(errors.name)}
          {...nameField}
          onChange={(event) => {
            const result = nameField.onChange(event);
            // Until the administrator types an id, it follows the name.
            if (isNew && !idTouched)
              form.setValue("id", slugOf((event.target as HTMLInputElement).value), { shouldValidate: false });
            return result;
          }}
        />
        {isNew ? (
          <FormField
            label={LABELS.id}
            required
            autoComplete="off"
            hint="Letters, digits, - and _; used in links and records, and cannot change later."
            error={message(errors.id)}
            {...register("id", { onChange: () => setIdTouched(true) })}
          />
        ) : (
          <div className="form-field">
            <span className="form-field__label">{LABELS.id}</span>
            <code className="facility-form__id">{form.getValues("id")}</code>
            <p className="form-field__hint">A facility's id never changes.</p>
          </div>
        )}
        <FormField
          kind="textarea"
          label={LABELS.address}
          rows={2}

          error={message(errors.address)}
          {...register("address")}
        />
        <FormField
          label={LABELS.phone}
          type="tel"
          autoComplete="tel"
          error={message(errors.phone)}
          {...register("phone")}
        />
        <FormField label={LABELS.licenseNumber} error={message(errors.licenseNumber)} {...register("licenseNumber")} />
        <FormField
          label={LABELS.licensedCapacity}
          type="number"
          inputMode="numeric"
          hint="Beds on the license; occupancy is the census against it."
          error={message(errors.licensedCapacity)}
          {...register("licensedCapacity", optionalNumber)}
        />
        <FormField label={LABELS.administrator} error={message(errors.administrator)} {...register("administrator")} />
        <FormField
          label={LABELS.sortOrder}
          type="number"
          inputMode="numeric"
          hint="Lower numbers come first in the header's list."
          error={message(errors.sortOrder)}
          {...register("sortOrder", optionalNumber)}
        />
      </div>
    </fieldset>
  );
}

export function AddFacilityPage() {
  const session = useSession();
  if (session && session.role !== "admin") return <AdminsOnly />;
  return <AddFacilityForm />;
}

function AddFacilityForm() {
  const data = useData();
  const navigate = useNavigate();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZFacilityForm),
    defaultValues: {
      id: "",
      name: "",
      address: "",
      phone: "",
      licenseNumber: "",
      administrator: "",
      active: true,
      sortOrder: 100,
    },
    mode: "onTouched",
  });

  const onSubmit = form.handleSubmit(async ({ id, ...values }) => {
    try {
      const saved = await data.create("facilities", values, { id });
      toast.success(`${saved.name} was added.`);
      navigate(paths.facilities.detail.href(saved.id));
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT") {
        form.setError("id", { type: "server", message: "A facility with this id already exists; choose another." });
        return;
      }
      if (!applyFieldErrors(error, form.setError, FIELDS)) reportError(error);
    }
  });

  return (
    <article className="page facility-form-page" aria-labelledby="page-title">
      <PageHeader
        title="Add facility"
        intro="A new home of your group. Fields marked * are required; once saved it joins the header's facility selector."
      />
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FacilityFields form={form} isNew />
        <FormActions
          saving={form.formState.isSubmitting}
          label="Add facility"
          cancelTo={paths.facilities.list.href()}
        />
      </form>
    </article>
  );
}

export function EditFacilityPage() {
  const { id = "" } = useParams();
  const session = useSession();
  const state = useRecord("facilities", id);
  if (session && session.role !== "admin") return <AdminsOnly />;
  return (
    <RecordGate
      state={state}
      notFound={
        <RecordNotFound
          title="Facility not found"
          back={
            <Link className="button" to={paths.facilities.list.href()}>
              Back to Facilities
            </Link>
          }
        >
          There is no facility “{id}”, or your account may not see it.
        </RecordNotFound>
      }
    >
      {(facility) => <EditFacilityForm key={facility.id} initial={facility} />}
    </RecordGate>
  );
}

/** The change an edit sends: every edited field, an emptied optional one as null (which removes it). */
function editPatch(values: TOutput): TPatchOf<"facilities"> {
  return {
    name: values.name,
    address: values.address ?? null,
    phone: values.phone ?? null,
    licenseNumber: values.licenseNumber ?? null,
    licensedCapacity: values.licensedCapacity ?? null,
    administrator: values.administrator ?? null,
    sortOrder: values.sortOrder,
  };
}

function EditFacilityForm({ initial }: { initial: TFacilityRecord }) {
  const navigate = useNavigate();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZFacilityForm),
    defaultValues: valuesOf(initial),
    mode: "onTouched",
  });
  const edit = useVersionedEdit({
    collection: "facilities",
    initial,
    form,
    toValues: valuesOf,
    toPatch: editPatch,
    fields: FIELDS,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await edit.save(values);
    if (!saved) return;
    toast.success(`${saved.name} was saved.`);
    navigate(paths.facilities.detail.href(saved.id));
  });

  const { base, conflict } = edit;
  return (
    <article className="page facility-form-page" aria-labelledby="page-title">
      <PageHeader title={`Edit ${base.name}`} />
      {conflict && (
        <RecordConflictPanel
          noun="facility"
          theirs={valuesOf(conflict.theirs)}
          mine={conflict.mine}
          fields={FIELDS}
          label={(field) => LABELS[field]}
          show={(values, field) => plainValue(values[field])}
          onLoadTheirs={edit.loadTheirs}
        />
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FacilityFields form={form} isNew={false} />
        <FormActions
          saving={form.formState.isSubmitting}
          label={conflict ? "Save my version" : "Save changes"}
          cancelTo={paths.facilities.detail.href(base.id)}
        />
      </form>
    </article>
  );
}
