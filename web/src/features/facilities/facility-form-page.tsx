/**
 * Add a facility (`/facilities/add`, the id is a slug the administrator may set, fixed afterwards) and
 * edit one (`/facilities/:id/edit`). Administrators only. A stale edit keeps the form as typed, shows
 * what the other person saved and saves against their version.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, type FieldError, type Path } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { z } from "zod";
import { isAppError } from "@care/core/app-error";
import { ZFacility } from "@care/core/collections/facilities.collection";
import { ZId } from "@care/core/common.schema";
import type { TRecordOf } from "@care/core/registry";
import { useFacilities } from "../../app/facilities-provider.tsx";
import { useData, useSession } from "../../app/providers.tsx";
import { applyFieldErrors, reportError } from "../../app/report-error.ts";
import { ConflictPanel } from "../../ui/conflict-panel.tsx";
import { FormField } from "../../ui/form-field.tsx";
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
const LABELS: Record<TField, string> = {
  id: "Id",
  name: "Name",
  address: "Address",
  phone: "Phone",
  licenseNumber: "License number",
  licensedCapacity: "Licensed capacity",
  administrator: "Administrator",
  sortOrder: "Position in the facility selector",
};

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

function show(values: TValues, field: TField): string {
  const v = values[field];
  return v === undefined || v === "" || (typeof v === "number" && Number.isNaN(v)) ? "—" : String(v);
}

function AdminsOnly() {
  return (
    <article className="facility-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Facilities</h1>
      <p className="alert" role="status">
        Only administrators add and change facilities. <Link to="/facilities">Back to Facilities</Link>
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
          label="Name"
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
            label="Id"
            required
            autoComplete="off"
            hint="Letters, digits, - and _; used in links and records, and cannot change later."
            error={message(errors.id)}
            {...register("id", { onChange: () => setIdTouched(true) })}
          />
        ) : (
          <div className="form-field">
            <span className="form-field__label">Id</span>
            <code className="facility-form__id">{form.getValues("id")}</code>
            <p className="form-field__hint">A facility's id never changes.</p>
          </div>
        )}
        <FormField
          kind="textarea"
          label="Address"
          rows={2}

          error={message(errors.address)}
          {...register("address")}
        />
        <FormField label="Phone" type="tel" autoComplete="tel" error={message(errors.phone)} {...register("phone")} />
        <FormField label="License number" error={message(errors.licenseNumber)} {...register("licenseNumber")} />
        <FormField
          label="Licensed capacity"
          type="number"
          inputMode="numeric"
          hint="Beds on the license; occupancy is the census against it."
          error={message(errors.licensedCapacity)}
          {...register("licensedCapacity", optionalNumber)}
        />
        <FormField label="Administrator" error={message(errors.administrator)} {...register("administrator")} />
        <FormField
          label="Position in the facility selector"
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
  const { reload } = useFacilities();
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
      reload();
      toast.success(`${saved.name} was added.`);
      navigate(`/facilities/${saved.id}`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT") {
        form.setError("id", { type: "server", message: "A facility with this id already exists; choose another." });
        return;
      }
      if (!applyFieldErrors(error, form.setError, FIELDS)) reportError(error);
    }
  });

  return (
    <article className="facility-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Add facility</h1>
      <p className="facility-form-page__intro">
        A new home of your group. Fields marked * are required; once saved it joins the header's facility selector.
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FacilityFields form={form} isNew />
        <div className="facility-form__actions">
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Saving…" : "Add facility"}
          </button>
          <Link className="button button--secondary" to="/facilities">
            Cancel
          </Link>
        </div>
      </form>
    </article>
  );
}

export function EditFacilityPage() {
  const { id = "" } = useParams();
  const data = useData();
  const session = useSession();
  const [state, setState] = useState<{ facility?: TFacilityRecord; missing?: boolean }>({});
  useEffect(() => {
    let cancelled = false;
    data
      .get("facilities", id)
      .then((facility) => !cancelled && setState({ facility }))
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isAppError(error) && error.code === "NOT_FOUND") setState({ missing: true });
        else reportError(error);
      });
    return () => {
      cancelled = true;
    };
  }, [data, id]);
  if (session && session.role !== "admin") return <AdminsOnly />;
  if (state.missing)
    return (
      <article className="facility-form-page" aria-labelledby="page-title">
        <h1 id="page-title">Facility not found</h1>
        <p>
          There is no facility “{id}”, or your account may not see it. <Link to="/facilities">Back to Facilities</Link>
        </p>
      </article>
    );
  if (!state.facility)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  return <EditFacilityForm key={state.facility.id} initial={state.facility} />;
}

function EditFacilityForm({ initial }: { initial: TFacilityRecord }) {
  const data = useData();
  const navigate = useNavigate();
  const { reload } = useFacilities();
  const [base, setBase] = useState(initial);
  const [conflict, setConflict] = useState<{ theirs: TFacilityRecord; mine: TValues } | null>(null);
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZFacilityForm),
    defaultValues: valuesOf(initial),
    mode: "onTouched",
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await data.update(
        "facilities",
        base.id,
        {
          name: values.name,
          address: values.address ?? null,
          phone: values.phone ?? null,
          licenseNumber: values.licenseNumber ?? null,
          licensedCapacity: values.licensedCapacity ?? null,
          administrator: values.administrator ?? null,
          sortOrder: values.sortOrder,
        },
        base.version,
      );
      reload();
      toast.success(`${saved.name} was saved.`);
      navigate(`/facilities/${saved.id}`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT" && error.current) {
        const theirs = error.current as TFacilityRecord;
        setConflict({ theirs, mine: form.getValues() });
        setBase(theirs);
        window.scrollTo({ top: 0, behavior: "smooth" });
        return;
      }
      if (!applyFieldErrors(error, form.setError, FIELDS)) reportError(error);
    }
  });

  const theirs = conflict ? valuesOf(conflict.theirs) : undefined;
  const differing = conflict && theirs ? FIELDS.filter((f) => show(theirs, f) !== show(conflict.mine, f)) : [];

  return (
    <article className="facility-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Edit {base.name}</h1>
      {conflict && theirs && (
        <ConflictPanel
          title="Someone else saved this facility after you opened it"
          rows={differing.map((field) => ({
            label: LABELS[field],
            theirs: show(theirs, field),
            mine: show(conflict.mine, field),
          }))}
        >
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              form.reset(theirs);
              setConflict(null);
            }}
          >
            Load their version
          </button>
        </ConflictPanel>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FacilityFields form={form} isNew={false} />
        <div className="facility-form__actions">
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Saving…" : conflict ? "Save my version" : "Save changes"}
          </button>
          <Link className="button button--secondary" to={`/facilities/${base.id}`}>
            Cancel
          </Link>
        </div>
      </form>
    </article>
  );
}
