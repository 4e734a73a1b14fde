/**
 * Settings › Portal title (`/settings/portal-title`): the group-wide settings — the name in the header and
 * the browser tab, and after how many days a pending Live Scan is a reminder. Only an administrator who
 * sees every facility may change them; others read them.
 */
import { useState, type FormEvent } from "react";
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

export function PortalTitlePage() {
  const data = useData();
  const session = useSession();
  const current = usePortalTitle();
  const { record, loading } = useRecord("portalSettings", PORTAL_SETTINGS_ID);
  const [title, setTitle] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const mayChange = Boolean(session && canWriteCollection(session, collections.portalSettings));
  const value = title ?? current;

  const [days, setDays] = useState<string | null>(null);
  const [daysError, setDaysError] = useState<string | undefined>();
  const savedDays = record?.clearanceReminderDays ?? DEFAULT_CLEARANCE_REMINDER_DAYS;
  const daysValue = days ?? String(savedDays);

  /** Saves one setting: a change of the stored record, or the record's first save (with the title shown). */
  const save = async (
    field: "title" | "clearanceReminderDays",
    raw: unknown,
    setFieldError: (message: string | undefined) => void,
    done: () => void,
    saved: string,
  ) => {
    const parsed = ZPortalSettings.shape[field].safeParse(raw);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setSaving(true);
    try {
      if (record) await data.update("portalSettings", PORTAL_SETTINGS_ID, { [field]: parsed.data }, record.version);
      else await data.create("portalSettings", { title: current, [field]: parsed.data });
      toast.success(saved);
      done();
    } catch (caught) {
      if (isAppError(caught) && caught.fields?.[field]) setFieldError(caught.fields[field]);
      else reportError(caught);
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save("title", value, setError, () => setTitle(null), "The portal title was saved.");
  };
  const submitDays = (event: FormEvent) => {
    event.preventDefault();
    const number = daysValue.trim() === "" ? undefined : Number(daysValue);
    void save("clearanceReminderDays", number ?? NaN, setDaysError, () => setDays(null), "The reminder was saved.");
  };

  return (
    <article className="settings-page" aria-labelledby="page-title">
      <PageHeader
        title="Portal title"
        intro="The name of the portal in the header and the browser tab, for everyone in the group, e.g. your group's name."
      />
      {mayChange ? (
        <form className="card settings-form" onSubmit={submit} noValidate>
          <FormField
            label="Portal title"
            name="title"
            required
            hint="At most 80 characters."
            value={value}
            error={error}
            disabled={loading}
            onChange={(e) => setTitle((e.target as HTMLInputElement).value)}
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={saving || loading}>
              {saving ? "Saving..." : "Save"}
            </button>
          </div>
        </form>
      ) : (
        <section className="card">
          <p>
            The portal is called <strong>{current}</strong>. Only an administrator who sees every facility can change
            it.
          </p>
        </section>
      )}
      <h2 className="settings-page__subtitle">Live Scan reminders</h2>
      {mayChange ? (
        <form className="card settings-form" onSubmit={submitDays} noValidate>
          <FormField
            label="Remind when a submitted Live Scan has waited (days)"
            name="clearanceReminderDays"
            type="number"
            inputMode="numeric"
            required
            hint="Reminders lists a staff member whose fingerprints were submitted this many days ago without a decision. A Live Scan never submitted is listed at once."
            value={daysValue}
            error={daysError}
            disabled={loading}
            onChange={(e) => setDays((e.target as HTMLInputElement).value)}
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={saving || loading}>
              {saving ? "Saving..." : "Save"}
            </button>
          </div>
        </form>
      ) : (
        <section className="card">
          <p>
            A submitted Live Scan without a decision becomes a reminder after <strong>{savedDays} days</strong>.
          </p>
        </section>
      )}
    </article>
  );
}
