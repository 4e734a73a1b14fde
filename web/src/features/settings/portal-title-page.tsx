/**
 * Settings › Portal title (`/settings/portal-title`): the group-wide settings — the name in the header and
 * the browser tab, and after how many days a pending Live Scan is a reminder. Only an administrator who
 * sees every facility may change them; others read them. Each setting is saved on its own.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import {
  DEFAULT_CLEARANCE_REMINDER_DAYS,
  PORTAL_SETTINGS_ID,
  ZPortalSettings,
} from "@care/core/collections/portal-settings.collection";
import { collections } from "@care/core/registry";
import { canWriteCollection } from "@care/core/rules/access.rules";
import { useData, useSession } from "../../lib/ports.tsx";
import { usePortalTitle } from "../../lib/portal-title.ts";
import { useRecord } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { FormField } from "../../ui/form-field.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import "./settings.css";

type TSettingField = "title" | "clearanceReminderDays";

export function PortalTitlePage() {
  const session = useSession();
  const current = usePortalTitle();
  const mayChange = Boolean(session && canWriteCollection(session, collections.portalSettings));
  const { record } = useRecord("portalSettings", PORTAL_SETTINGS_ID);
  const days = record?.clearanceReminderDays ?? DEFAULT_CLEARANCE_REMINDER_DAYS;
  return (
    <article className="settings-page" aria-labelledby="page-title">
      <PageHeader
        title="Portal title"
        intro="The name of the portal in the header and the browser tab, for everyone in the group, e.g. your group's name."
      />
      <Setting
        field="title"
        label="Portal title"
        hint="At most 80 characters."
        saved={current}
        toValue={(text) => text}
        savedMessage="The portal title was saved."
        mayChange={mayChange}
        readOnly={
          <>
            The portal is called <strong>{current}</strong>. Only an administrator who sees every facility can change
            it.
          </>
        }
      />
      <h2 className="settings-page__subtitle">Live Scan reminders</h2>
      <Setting
        field="clearanceReminderDays"
        label="Remind when a submitted Live Scan has waited (days)"
        hint="Reminders lists a staff member whose fingerprints were submitted this many days ago without a decision. A Live Scan never submitted is listed at once."
        number
        saved={String(days)}
        toValue={(text) => (text.trim() === "" ? NaN : Number(text))}
        savedMessage="The reminder was saved."
        mayChange={mayChange}
        readOnly={
          <>
            A submitted Live Scan without a decision becomes a reminder after <strong>{days} days</strong>.
          </>
        }
      />
    </article>
  );
}

/**
 * One group setting in its own form: checked with its field of the shared schema, saved as a change of
 * the settings record (or its first save, with the title shown), the error beside the field.
 */
function Setting(props: {
  field: TSettingField;
  label: string;
  hint: string;
  number?: boolean;
  /** The value as stored, as the field shows it. */
  saved: string;
  toValue: (text: string) => unknown;
  savedMessage: string;
  mayChange: boolean;
  readOnly: ReactNode;
}) {
  const data = useData();
  const title = usePortalTitle();
  const { record, loading } = useRecord("portalSettings", PORTAL_SETTINGS_ID);
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const value = typed ?? props.saved;
  if (!props.mayChange)
    return (
      <section className="card">
        <p>{props.readOnly}</p>
      </section>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPortalSettings.shape[props.field].safeParse(props.toValue(value));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      if (record)
        await data.update("portalSettings", PORTAL_SETTINGS_ID, { [props.field]: parsed.data }, record.version);
      else await data.create("portalSettings", { title, [props.field]: parsed.data });
      toast.success(props.savedMessage);
      setTyped(null);
    } catch (caught) {
      if (isAppError(caught) && caught.fields?.[props.field]) setError(caught.fields[props.field]);
      else reportError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card settings-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={props.label}
        name={props.field}
        required
        hint={props.hint}
        {...(props.number ? { type: "number" as const, inputMode: "numeric" as const } : {})}
        value={value}
        error={error}
        disabled={loading}
        onChange={(e) => setTyped((e.target as HTMLInputElement).value)}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving || loading}>
          {saving ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
