/**
 * Settings › Portal title (`/settings/portal-title`): the name in the header and the browser tab, for
 * the whole group. Only an administrator who sees every facility may change it; others read it.
 */
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { PORTAL_SETTINGS_ID, ZPortalSettings } from "@care/core/collections/portal-settings.collection";
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPortalSettings.safeParse({ title: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      if (record) await data.update("portalSettings", PORTAL_SETTINGS_ID, parsed.data, record.version);
      else await data.create("portalSettings", parsed.data);
      toast.success("The portal title was saved.");
      setTitle(null);
    } catch (caught) {
      if (isAppError(caught) && caught.fields?.title) setError(caught.fields.title);
      else reportError(caught);
    } finally {
      setSaving(false);
    }
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
    </article>
  );
}
