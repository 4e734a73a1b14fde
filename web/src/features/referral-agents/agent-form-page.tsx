/**
 * Add a referral agent (`/referral-agents/add`) and edit one (`/referral-agents/:id/edit`): the agent's
 * contact details, the agency's reporting windows and notes, validated with the shared ZReferralAgent
 * schema. Fee terms are kept apart (Referral fees permission) and added on the agent's page. A stale
 * edit keeps the form as typed, shows what the other person saved and saves against their version.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { z } from "zod";
import { ZReferralAgent } from "@care/core/collections/referrals.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TPatchOf } from "@care/core/registry";
import { paths } from "../../lib/paths.ts";
import { useData } from "../../lib/ports.tsx";
import { useAllRecords, useRecord } from "../../lib/records/use-records.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { applyFieldErrors, reportError } from "../../lib/report-error.ts";
import { FormActions } from "../../ui/form-actions.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { formMessage, optionalNumber } from "../../ui/form-messages.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { plainValue } from "../../ui/plain-value.ts";
import { RecordGate } from "../../ui/record-gate.tsx";
import { VersionedForm } from "../../ui/versioned-form.tsx";
import type { TAgentRecord } from "./agent-format.ts";
import { AgentNotFound } from "./agent-not-found.tsx";
import "./referral-agents.css";

type TValues = z.input<typeof ZReferralAgent>;
type TOutput = z.output<typeof ZReferralAgent>;
type TAgentForm = UseFormReturn<TValues, unknown, TOutput>;

const FIELDS = [
  "name",
  "agency",
  "phone",
  "email",
  "address",
  "duplicateReportDays",
  "moveInReportBusinessDays",
  "notes",
] as const;
const LABELS = FIELD_LABELS.referralAgents;

function valuesOf(a: TAgentRecord): TValues {
  return {
    name: a.name,
    agency: a.agency ?? "",
    phone: a.phone ?? "",
    email: a.email ?? "",
    address: a.address ?? "",
    duplicateReportDays: a.duplicateReportDays,
    moveInReportBusinessDays: a.moveInReportBusinessDays,
    active: a.active,
    notes: a.notes ?? "",
  };
}

function editPatch(v: TOutput): TPatchOf<"referralAgents"> {
  return {
    name: v.name,
    agency: v.agency ?? null,
    phone: v.phone ?? null,
    email: v.email ?? null,
    address: v.address ?? null,
    duplicateReportDays: v.duplicateReportDays ?? null,
    moveInReportBusinessDays: v.moveInReportBusinessDays ?? null,
    notes: v.notes ?? null,
  };
}

function useAgentForm(defaultValues: TValues): TAgentForm {
  return useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZReferralAgent),
    defaultValues,
    mode: "onTouched",
  });
}

/**
 * While a new agent's name is typed: the agents already recorded under that name, so the group keeps one
 * record per agent (the page says so; adding anyway is allowed, for a namesake).
 */
function SameNameWarning({ form }: { form: TAgentForm }) {
  const name = useDebounced((useWatch({ control: form.control, name: "name" }) ?? "").trim());
  const found = useAllRecords("referralAgents", { search: name }, { enabled: name.length >= 3 });
  const same = (found.data ?? []).filter((a) => a.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  if (name.length < 3 || same.length === 0) return null;
  return (
    <div className="alert form-field--wide" role="status">
      {same.map((a) => (
        <p key={a.id}>
          An agent named “{a.name}”{a.agency ? ` (${a.agency})` : ""} is already recorded
          {a.active ? "" : ", inactive"}: <Link to={paths.agents.detail.href(a.id)}>open their page</Link>. Add a new
          agent only if this is someone else.
        </p>
      ))}
    </div>
  );
}

function AgentFields({ form, isNew = false }: { form: TAgentForm; isNew?: boolean }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <fieldset className="card">
        <legend>Agent</legend>
        <div className="form-grid">
          <FormField
            label={LABELS.name}
            required
            autoComplete="off"
            error={formMessage(errors.name)}
            {...register("name")}
          />
          {isNew && <SameNameWarning form={form} />}
          <FormField
            label={LABELS.agency}
            autoComplete="organization"
            error={formMessage(errors.agency)}
            {...register("agency")}
          />
          <FormField
            label={LABELS.phone}
            type="tel"
            autoComplete="tel"
            error={formMessage(errors.phone)}
            {...register("phone")}
          />
          <FormField
            label={LABELS.email}
            type="email"
            autoComplete="email"
            error={formMessage(errors.email)}
            {...register("email")}
          />
          <FormField
            kind="textarea"
            label={LABELS.address}
            rows={3}
            className="form-field--wide"
            error={formMessage(errors.address)}
            {...register("address")}
          />
          <FormField
            kind="textarea"
            label={LABELS.notes}
            rows={3}
            className="form-field--wide"
            error={formMessage(errors.notes)}
            {...register("notes")}
          />
        </div>
      </fieldset>
      <fieldset className="card">
        <legend>The agency's reporting windows</legend>
        <p className="form-field__hint">
          Some agencies ask to be told within a set time when a prospect they sent was already known to you, or when
          their referral moves in. Leave empty when the agency sets none.
        </p>
        <div className="form-grid">
          <FormField
            label={LABELS.duplicateReportDays}
            type="number"
            inputMode="numeric"
            error={formMessage(errors.duplicateReportDays)}
            {...register("duplicateReportDays", optionalNumber)}
          />
          <FormField
            label={LABELS.moveInReportBusinessDays}
            type="number"
            inputMode="numeric"
            error={formMessage(errors.moveInReportBusinessDays)}
            {...register("moveInReportBusinessDays", optionalNumber)}
          />
        </div>
      </fieldset>
    </>
  );
}

export function AddAgentPage() {
  const data = useData();
  const navigate = useNavigate();
  const form = useAgentForm({
    name: "",
    agency: "",
    phone: "",
    email: "",
    address: "",
    active: true,
    notes: "",
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await data.create("referralAgents", values);
      toast.success(`${saved.name} was added.`);
      navigate(paths.agents.detail.href(saved.id));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) reportError(error);
    }
  });
  return (
    <article className="page" aria-labelledby="page-title">
      <PageHeader
        title="Add New Agent"
        intro="Record a referral agent once for the whole group. Fields marked * are required; the fee terms are added on the agent's page."
      />
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <AgentFields form={form} isNew />
        <FormActions
          saving={form.formState.isSubmitting}
          unsaved={form.formState.isDirty}
          label="Add agent"
          cancelTo={paths.agents.list.href()}
        />
      </form>
    </article>
  );
}

export function EditAgentPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("referralAgents", id)} notFound={<AgentNotFound id={id} />}>
      {(agent) => <EditAgentForm key={agent.id} initial={agent} />}
    </RecordGate>
  );
}

function EditAgentForm({ initial }: { initial: TAgentRecord }) {
  const navigate = useNavigate();
  const form = useAgentForm(valuesOf(initial));
  const edit = useVersionedEdit({
    collection: "referralAgents",
    initial,
    form,
    toValues: valuesOf,
    toPatch: editPatch,
    fields: FIELDS,
  });
  return (
    <article className="page" aria-labelledby="page-title">
      <p className="agent-detail__crumb">
        <Link to={paths.agents.list.href()}>Agent List</Link>
      </p>
      <PageHeader title={`Edit ${edit.base.name}`} />
      <VersionedForm
        edit={edit}
        form={form}
        noun="agent"
        fields={FIELDS}
        label={(field) => LABELS[field]}
        show={(values, field) => plainValue(values[field])}
        toValues={valuesOf}
        cancelTo={paths.agents.detail.href(edit.base.id)}
        onSaved={(saved) => {
          toast.success(`${saved.name} was saved.`);
          navigate(paths.agents.detail.href(saved.id));
        }}
      >
        <AgentFields form={form} />
      </VersionedForm>
    </article>
  );
}
