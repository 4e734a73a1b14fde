/**
 * Settings › Export and import (`/settings/export-import`, permission "data export"): everything the
 * group keeps in the portal as one ZIP — every kind of record as JSON and CSV, the audit log and every
 * document's file — downloaded with the bytes received shown; an administrator limited to some homes
 * chooses among theirs. With write on export, an export is loaded into a new, empty portal (the form
 * is offered only there): the report of problems shows beside the upload, or what was imported and
 * the one-time passwords of the imported accounts, once.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { exportFileName } from "@care/core/data-export/export-format";
import type { DataTransferPort, TImportResult } from "@care/core/ports/data-transfer.port";
import { collectionNames } from "@care/core/registry";
import { useCan } from "../../lib/access.ts";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { useAuth, useDataTransfer, useSession } from "../../lib/ports.tsx";
import { invalidateCollections } from "../../lib/records/records-client.ts";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import "../../ui/data-table.css";
import "../../ui/form-field.css";
import "./settings.css";

export function DataTransferPage() {
  const transfer = useDataTransfer();
  const can = useCan();
  return (
    <article className="settings-page" aria-labelledby="page-title">
      <PageHeader
        title="Export and import"
        intro="Everything your group keeps in the portal, in one ZIP file: to keep a copy, to open in a spreadsheet, or to move to another portal."
      />
      <ExportSection transfer={transfer} />
      {can("export", "write") && <ImportSection transfer={transfer} />}
    </article>
  );
}

/** "12.3 MB", or "40 kB" below a megabyte. */
function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Saves a Blob as a download. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ExportSection({ transfer }: { transfer: DataTransferPort }) {
  const session = useSession();
  const { nameOf } = useFacilityScope();
  const homes = session?.facilityIds ?? null;
  const [chosen, setChosen] = useState<readonly string[]>(homes ?? []);
  const [received, setReceived] = useState<number | null>(null);

  const start = async () => {
    setReceived(0);
    try {
      const blob = await transfer.exportAll({
        ...(homes ? { facilityIds: chosen } : {}),
        onProgress: setReceived,
      });
      const fileName = exportFileName(new Date().toISOString());
      saveBlob(blob, fileName);
      toast.success(`The export was saved as ${fileName} (${size(blob.size)}).`);
    } catch (error) {
      reportError(error);
    } finally {
      setReceived(null);
    }
  };

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <section className="card settings-form" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <p className="settings-page__note">
        Every record with all its fields (also those your role does not show), the audit log and every stored file,
        {homes ? " of the homes you choose" : " of every home"}. Each kind of record comes as JSON and as a CSV file for
        spreadsheets; passwords are never exported. The export is recorded in the audit log.
      </p>
      {homes && (
        <fieldset className="user-form__group">
          <legend>Homes</legend>
          {homes.map((id) => (
            <label key={id} className="form-field__check">
              <input
                type="checkbox"
                checked={chosen.includes(id)}
                onChange={(event) => toggle(id, event.target.checked)}
              />{" "}
              {nameOf(id)}
            </label>
          ))}
        </fieldset>
      )}
      <p>
        <button
          type="button"
          className="button"
          onClick={start}
          disabled={received !== null || (homes !== null && chosen.length === 0)}
        >
          {received !== null ? "Exporting…" : "Export everything"}
        </button>
      </p>
      {received !== null && (
        <p role="status" className="settings-page__note">
          <progress aria-label="Export in progress" /> {size(received)} received
        </p>
      )}
    </section>
  );
}

/** A refusal of the import with its problems, shown beside the upload. */
interface TRefusal {
  message: string;
  problems: string[];
}

function ImportSection({ transfer }: { transfer: DataTransferPort }) {
  const records = useQueryClient();
  const auth = useAuth();
  const status = usePortQuery(["data-import-status"], () => transfer.importStatus(), { reads: collectionNames });
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<TRefusal | null>(null);
  const [result, setResult] = useState<TImportResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setRefusal({ message: "Choose the export's ZIP file.", problems: [] });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      setResult(await transfer.importAll(file));
      setFile(null);
      await auth.refresh();
      await invalidateCollections(records, collectionNames);
    } catch (error) {
      if (isAppError(error) && (error.code === "VALIDATION" || error.code === "CONFLICT"))
        setRefusal({ message: error.message, problems: Object.values(error.fields ?? {}) });
      else reportError(error);
    } finally {
      setBusy(false);
    }
  };

  if (result) return <ImportedReport result={result} onDone={() => setResult(null)} />;
  return (
    <section className="card settings-form" aria-labelledby="import-title">
      <h2 id="import-title">Import</h2>
      {status.data === undefined ? (
        <p className="settings-page__note">Checking whether this portal can take an import…</p>
      ) : !status.data.empty ? (
        <>
          <p>
            An export is imported only into a new, empty portal on the portal&apos;s own server, so two groups&apos;
            records never mix. This portal cannot take one:
          </p>
          <ul>
            {status.data.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      ) : (
        <form className="settings-form" onSubmit={submit} noValidate>
          <p className="settings-page__note">
            This portal is empty: it can take an export of a Care Portal (from this kind of server or another). Every
            record is checked first; if anything is wrong, nothing is written. You keep your password; every other
            imported user gets a one-time password, shown here once.
          </p>
          <div className={`form-field${refusal ? " form-field--invalid" : ""}`}>
            <label htmlFor="import-file" className="form-field__label">
              Export file (ZIP)
            </label>
            <input
              id="import-file"
              type="file"
              accept=".zip,application/zip"
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? "import-problems" : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {refusal && (
              <div id="import-problems" className="form-field__error" role="alert">
                <p>{refusal.message}</p>
                {refusal.problems.length > 0 && (
                  <ul>
                    {refusal.problems.map((problem, index) => (
                      <li key={index}>{problem}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
          <p>
            <button type="submit" className="button" disabled={busy}>
              {busy ? "Importing…" : "Import"}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}

function ImportedReport({ result, onDone }: { result: TImportResult; onDone: () => void }) {
  const records = Object.entries(result.counts).reduce((sum, [name, n]) => sum + (name === "auditLog" ? 0 : n), 0);
  return (
    <section className="card one-time" aria-labelledby="imported-title" role="status">
      <h2 id="imported-title">Imported</h2>
      <p>
        {records} records, {result.files} files and {result.counts.auditLog ?? 0} audit log entries.
      </p>
      {result.users.length > 0 && (
        <>
          <p>
            One-time passwords, shown only now. Give each to the person directly (in person or by phone, not by e-mail).
            Each works for one sign-in within 72 hours of this import, where they choose their own.
          </p>
          <div className="data-table">
            <table>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">One-time password</th>
                </tr>
              </thead>
              <tbody>
                {result.users.map((user) => (
                  <tr key={user.id}>
                    <td className="users__email">
                      {user.email}
                      {user.active ? "" : " (inactive)"}
                    </td>
                    <td>
                      {user.oneTimePassword ? (
                        <code data-testid="imported-password">{user.oneTimePassword}</code>
                      ) : (
                        "You: your own password"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p>
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </p>
    </section>
  );
}
