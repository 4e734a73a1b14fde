/**
 * Add a facility (`/facilities/add`, the id is a slug the administrator may set, fixed afterwards) and
 * edit one (`/facilities/:id/edit`). Administrators only. A stale edit keeps the form as typed, shows
 * what the other person saved and saves against their version.
 */
import { isGroupWide } from "@care/core/rules/access.rules";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { z } from "zod";
import { isAppError } from "@care/core/app-error";
import { ZFacility } from "@care/core/collections/facilities.collection";
import { DEFAULT_TIME_ZONE, ZId } from "@care/core/common.schema";
import { FIELD_LABELS } from "@care/core/field-labels";
import { todayIn } from "@care/core/rules/date-only.rules";
import type { TPatchOf, TRecordOf } from "@care/core/registry";
import { paths } from "../../lib/paths.ts";
import { useData, useSession } from "../../lib/ports.tsx";
import { useRecord } from "../../lib/records/use-records.ts";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { applyFieldErrors, reportError } from "../../lib/report-error.ts";
import { plainValue } from "../../ui/plain-value.ts";
import { FormActions } from "../../ui/form-actions.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { formMessage, optionalNumber } from "../../ui/form-messages.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import { VersionedForm } from "../../ui/versioned-form.tsx";
import { FacilityNotFound } from "./facility-not-found.tsx";
import { slugOf } from "./facility-stats.ts";
import "./facilities-page.css";

type TFacilityRecord = TRecordOf<"facilities">;
const ZFacilityForm = ZFacility.safeExtend({ id: ZId });
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
  "timeZone",
  "goLiveDate",
  "sortOrder",
] as const satisfies readonly Path<TValues>[];
type TField = (typeof FIELDS)[number];
const LABELS: Record<TField, string> = { id: "Id", ...FIELD_LABELS.facilities };

/** The United States' zones first (the homes are Californian), then every zone the browser knows. */
const US_ZONES = [
  "America/Los_Angeles",
  "America/Denver",
  "America/Phoenix",
  "America/Chicago",
  "America/New_York",
  "America/Anchorage",
  "Pacific/Honolulu",
];
/** For `register("goLiveDate", optionalDate)`: an emptied date means no go-live date (no limit). */
const optionalDate = { setValueAs: (v: unknown) => (v === "" || v === undefined || v === null ? undefined : v) };

const TIME_ZONE_OPTIONS = [
  ...US_ZONES,
  ...Intl.supportedValuesOf("timeZone").filter((zone) => !US_ZONES.includes(zone)),
].map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));

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
    timeZone: f.timeZone,
    goLiveDate: f.goLiveDate ?? undefined,
    sortOrder: f.sortOrder,
  };
}

function GroupWideOnly() {
  return (
    <article className="facility-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Facilities</h1>
      <p className="alert" role="status">
        A new home is added by a user who may change facilities and sees every home of the group.{" "}
        <Link to={paths.facilities.list.href()}>Back to Facilities</Link>
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
    watch,
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
          error={formMessage(errors.name)}
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
            error={formMessage(errors.id)}
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

          error={formMessage(errors.address)}
          {...register("address")}
        />
        <FormField
          label={LABELS.phone}
          type="tel"
          autoComplete="tel"
          error={formMessage(errors.phone)}
          {...register("phone")}
        />
        <FormField
          label={LABELS.licenseNumber}
          error={formMessage(errors.licenseNumber)}
          {...register("licenseNumber")}
        />
        <FormField
          label={LABELS.licensedCapacity}
          type="number"
          inputMode="numeric"
          hint="Beds on the license; occupancy is the census against it."
          error={formMessage(errors.licensedCapacity)}
          {...register("licensedCapacity", optionalNumber)}
        />
        <FormField
          label={LABELS.administrator}
          error={formMessage(errors.administrator)}
          {...register("administrator")}
        />
        <FormField
          label={LABELS.timeZone}
          kind="select"
          required
          options={TIME_ZONE_OPTIONS}
          hint="The home's today, due dates and rent months are counted in it."
          error={formMessage(errors.timeZone)}
          {...register("timeZone")}
        />
        <FormField
          label={LABELS.goLiveDate}
          type="date"
          hint="The day the home began keeping its records here: reports count from it, so earlier months have no empty beds or missing papers. Leave empty to count every month."
          max={todayIn(watch("timeZone") || DEFAULT_TIME_ZONE)}
          error={formMessage(errors.goLiveDate)}
          {...register("goLiveDate", optionalDate)}
        />
        <FormField
          label={LABELS.sortOrder}
          type="number"
          inputMode="numeric"
          hint="Lower numbers come first in the header's list."
          error={formMessage(errors.sortOrder)}
          {...register("sortOrder", optionalNumber)}
        />
      </div>
    </fieldset>
  );
}

export function AddFacilityPage() {
  const session = useSession();
  if (session && !isGroupWide(session)) return <GroupWideOnly />;
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
      timeZone: DEFAULT_TIME_ZONE,
      // A new home starts keeping its records today.
      goLiveDate: todayIn(DEFAULT_TIME_ZONE),
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
          unsaved={form.formState.isDirty}
          label="Add facility"
          cancelTo={paths.facilities.list.href()}
        />
      </form>
    </article>
  );
}

export function EditFacilityPage() {
  const { id = "" } = useParams();
  const state = useRecord("facilities", id);
  return (
    <RecordGate state={state} notFound={<FacilityNotFound id={id} />}>
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
    timeZone: values.timeZone,
    goLiveDate: values.goLiveDate ?? null,
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

  const { base } = edit;
  return (
    <article className="page facility-form-page" aria-labelledby="page-title">
      <PageHeader title={`Edit ${base.name}`} />
      <VersionedForm
        edit={edit}
        form={form}
        noun="facility"
        fields={FIELDS}
        label={(field) => LABELS[field]}
        show={(values, field) => plainValue(values[field])}
        toValues={valuesOf}
        cancelTo={paths.facilities.detail.href(base.id)}
        onSaved={(saved) => {
          toast.success(`${saved.name} was saved.`);
          navigate(paths.facilities.detail.href(saved.id));
        }}
      >
        <FacilityFields form={form} isNew={false} />
      </VersionedForm>
    </article>
  );
}
