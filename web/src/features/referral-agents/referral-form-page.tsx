/**
 * Log Referral (`/referral-agents/logs/add`) and Edit referral (`/referral-agents/logs/:id/edit`): who
 * referred (an agent of the list, or another source), the prospect, their contact person, needs, budget
 * and dates. As the prospect is typed the group-wide duplicate check runs; on a new referral a match must
 * be answered: linked as a duplicate of the first referral (to report to the agency; closed at once as a
 * duplicate when that prospect already moved in), or logged as one of its own with the reason. An edit refused as stale keeps the form as typed and shows what the other person saved.
 */
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import { REFERRAL_SOURCES } from "@care/core/collections/referrals.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TReferralMatches } from "@care/core/rules/referral-matches.rules";
import { loggedDuplicateFields } from "@care/core/rules/referral-outcome.rules";
import { facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData } from "../../lib/ports.tsx";
import { useAllRecords, useRecord } from "../../lib/records/use-records.ts";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { applyFieldErrors, reportError } from "../../lib/report-error.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { FormActions } from "../../ui/form-actions.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyField } from "../../ui/money-field.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import { VersionedForm } from "../../ui/versioned-form.tsx";
import { duplicateTarget, foundAnywhere, ProspectMatches, useProspectMatches } from "./prospect-matches.tsx";
import { prospectName, type TReferralRecord } from "./referral-format.ts";
import { SOURCE_LABELS } from "@care/core/collections/referrals.collection";
import {
  EDITED_FIELDS,
  newReferralValues,
  referralPatch,
  referralResolver,
  referralValues,
  type TEditedField,
  type TReferralInput,
  type TReferralValues,
} from "./referral-form-values.ts";
import { ReferralNotFound } from "./referral-not-found.tsx";
import "./referral-agents.css";

type TReferralForm = UseFormReturn<TReferralValues, unknown, TReferralInput>;
const LABELS = FIELD_LABELS.referrals;
const FORM_LABELS: Record<TEditedField, string> = { ...LABELS, budget: LABELS.budgetCents };

function ReferralFields({
  form,
  isNew,
  matches,
}: {
  form: TReferralForm;
  isNew: boolean;
  matches: TReferralMatches | undefined;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const { facilities } = useFacilities();
  const agents = useAllRecords("referralAgents", { where: { active: true } });
  const [source, choice] = useWatch({ control, name: ["source", "duplicateChoice"] });
  return (
    <>
      <fieldset className="card">
        <legend>Referral</legend>
        <div className="form-grid">
          <FormField
            kind="select"
            label={LABELS.facilityId}
            required
            placeholder="Choose a facility…"
            options={facilities.map((f) => ({ value: f.id, label: f.name }))}
            error={errors.facilityId?.message}
            {...register("facilityId")}
          />
          <FormField
            label={LABELS.referredOn}
            type="date"
            required
            error={errors.referredOn?.message}
            {...register("referredOn")}
          />
          <FormField
            kind="select"
            label={LABELS.source}
            required
            options={REFERRAL_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }))}
            error={errors.source?.message}
            {...register("source")}
          />
          {source === "agent" ? (
            <FormField
              kind="select"
              label={LABELS.agentId}
              required
              placeholder={agents.data?.length === 0 ? "No agents recorded yet" : "Choose the agent…"}
              options={(agents.data ?? []).map((a) => ({
                value: a.id,
                label: a.agency ? `${a.name} (${a.agency})` : a.name,
              }))}
              hint={
                agents.data?.length === 0 ? (
                  <Link to={paths.agents.add.href()}>Add the agent to the Agent List first</Link>
                ) : undefined
              }
              error={errors.agentId?.message}
              {...register("agentId")}
            />
          ) : (
            <FormField
              label={LABELS.sourceDetail}
              hint="The discharge planner, the family member, the web page…"
              error={errors.sourceDetail?.message}
              {...register("sourceDetail")}
            />
          )}
        </div>
      </fieldset>
      <fieldset className="card">
        <legend>Prospect</legend>
        <div className="form-grid">
          <FormField
            label={LABELS.firstName}
            required
            autoComplete="off"
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <FormField
            label={LABELS.lastName}
            required
            autoComplete="off"
            error={errors.lastName?.message}
            {...register("lastName")}
          />
          <FormField
            label={LABELS.dateOfBirth}
            type="date"
            error={errors.dateOfBirth?.message}
            {...register("dateOfBirth")}
          />
          <FormField
            label={LABELS.phone}
            type="tel"
            autoComplete="off"
            error={errors.phone?.message}
            {...register("phone")}
          />
          <FormField
            label={LABELS.email}
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register("email")}
          />
          <ProspectMatches answer={matches} {...(isNew ? { decide: { register, errors, choice } } : {})} />
          <FormField
            label={LABELS.contactName}
            autoComplete="off"
            hint="A daughter, a son, a guardian…"
            error={errors.contactName?.message}
            {...register("contactName")}
          />
          <FormField
            label={LABELS.contactRelationship}
            error={errors.contactRelationship?.message}
            {...register("contactRelationship")}
          />
        </div>
      </fieldset>
      <fieldset className="card">
        <legend>Needs and next step</legend>
        <div className="form-grid">
          <FormField
            kind="textarea"
            label={LABELS.careNeeds}
            rows={3}
            className="form-field--wide"
            error={errors.careNeeds?.message}
            {...register("careNeeds")}
          />
          <MoneyField label={LABELS.budgetCents} error={errors.budget?.message} {...register("budget")} />
          <FormField
            label={LABELS.desiredMoveIn}
            type="date"
            error={errors.desiredMoveIn?.message}
            {...register("desiredMoveIn")}
          />
          <FormField
            label={LABELS.nextFollowUp}
            type="date"
            error={errors.nextFollowUp?.message}
            {...register("nextFollowUp")}
          />
        </div>
      </fieldset>
    </>
  );
}

export function LogReferralPage() {
  const data = useData();
  const navigate = useNavigate();
  const [selected] = useSelectedFacility();
  const { facilities } = useFacilities();
  const form = useForm<TReferralValues, unknown, TReferralInput>({
    resolver: referralResolver(),
    defaultValues: newReferralValues(selected, facilityToday(facilities, selected)),
    mode: "onTouched",
  });
  const matches = useProspectMatches(form.control, undefined);
  const onSubmit = form.handleSubmit(async (input) => {
    const found = foundAnywhere(matches);
    const firstId = duplicateTarget(matches);
    const { duplicateChoice: choice, duplicateNote } = form.getValues();
    // A name alone is a possible duplicate: worth a look, not a decision to make.
    if (found && choice === "" && !matches?.sameNameOnly) {
      form.setError(
        "duplicateChoice",
        { message: "Choose whether this is a duplicate or a referral of its own" },
        { shouldFocus: true },
      );
      return;
    }
    if (found && choice === "continue" && duplicateNote.trim() === "") {
      // Focused (and so scrolled to): on a phone the field is far above the button.
      form.setError(
        "duplicateNote",
        { message: "Say why it is logged although the person was referred before" },
        { shouldFocus: true },
      );
      return;
    }
    // A duplicate is linked to the first referral (and reported to its agency), closed at once when that
    // prospect already moved in; another person is logged unmarked; any other referral saved despite the
    // warning keeps the earlier one as a possible duplicate (and one of its own keeps the reason).
    const target = matches?.matches.find((m) => m.id === firstId);
    const record: TReferralInput =
      found && choice === "duplicate" && firstId
        ? {
            ...input,
            ...loggedDuplicateFields({ id: firstId, status: target?.status }),
            duplicateNote: undefined,
            ...(target?.status === "moved_in" ? { nextFollowUp: undefined } : {}),
          }
        : found && choice !== "different"
          ? { ...input, ...(firstId ? { possibleDuplicateOfId: firstId } : {}) }
          : { ...input, duplicateNote: undefined };
    try {
      const saved = await data.create("referrals", record);
      toast.success(
        saved.duplicateOfId && saved.status === "lost"
          ? `The referral of ${prospectName(saved)} was logged and closed as a duplicate: they already moved in.`
          : saved.duplicateOfId
            ? `The referral of ${prospectName(saved)} was logged as a duplicate.`
            : saved.possibleDuplicateOfId
              ? `The referral of ${prospectName(saved)} was logged as a possible duplicate.`
              : `The referral of ${prospectName(saved)} was logged.`,
      );
      navigate(paths.agents.referral.href(saved.id));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, EDITED_FIELDS)) reportError(error);
    }
  });
  return (
    <article className="page" aria-labelledby="page-title">
      <PageHeader
        title="Log Referral"
        intro="Log a prospect when the agent, hospital or family calls. Fields marked * are required; a prospect already referred to any home of the group is flagged as you type."
      />
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <ReferralFields form={form} isNew matches={matches} />
        <FormActions
          saving={form.formState.isSubmitting}
          unsaved={form.formState.isDirty}
          label="Log referral"
          cancelTo={paths.agents.logs.href()}
        />
      </form>
    </article>
  );
}

export function EditReferralPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("referrals", id)} notFound={<ReferralNotFound id={id} />}>
      {(referral) => <EditReferralForm key={referral.id} initial={referral} />}
    </RecordGate>
  );
}

function EditReferralForm({ initial }: { initial: TReferralRecord }) {
  const navigate = useNavigate();
  const form = useForm<TReferralValues, unknown, TReferralInput>({
    resolver: referralResolver(initial),
    defaultValues: referralValues(initial),
    mode: "onTouched",
  });
  const edit = useVersionedEdit({
    collection: "referrals",
    initial,
    form,
    toValues: referralValues,
    toPatch: referralPatch,
    fields: EDITED_FIELDS,
  });
  const matches = useProspectMatches(form.control, initial.id);
  return (
    <article className="page" aria-labelledby="page-title">
      <p className="agent-detail__crumb">
        <Link to={paths.agents.referral.href(edit.base.id)}>Back to the referral</Link>
      </p>
      <PageHeader title={`Edit the referral of ${prospectName(edit.base)}`} />
      <VersionedForm
        edit={edit}
        form={form}
        noun="referral"
        fields={EDITED_FIELDS}
        label={(field) => FORM_LABELS[field]}
        show={(values, field) => (values[field] === "" ? "—" : String(values[field]))}
        toValues={referralValues}
        cancelTo={paths.agents.referral.href(edit.base.id)}
        onSaved={(saved) => {
          toast.success(`The referral of ${prospectName(saved)} was saved.`);
          navigate(paths.agents.referral.href(saved.id));
        }}
      >
        <ReferralFields form={form} isNew={false} matches={matches} />
      </VersionedForm>
    </article>
  );
}
