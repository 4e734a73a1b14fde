/**
 * The group's training requirements (`/admin/training-requirements`): what each position must complete,
 * in which period, with its parts and reminder — California's defaults pre-loaded and marked "review for
 * your home". A user with training write who sees every home adds, edits, marks reviewed and retires;
 * everyone else reads. A short list (a handful), read whole.
 */
import { useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router-dom";
import { isAppError } from "@care/core/app-error";
import { CA_DEFAULT_TRAINING_REQUIREMENTS } from "@care/core/collections/ca-training-requirements";
import { can, isGroupWide } from "@care/core/rules/access.rules";
import { paths } from "../../lib/paths.ts";
import { useData, useSession } from "../../lib/ports.tsx";
import { useAllRecords } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import { TrainingRequirementDialog, type TRequirementRecord } from "./training-requirement-dialog.tsx";
import { CATEGORY_LABELS, partsSummary, requirementSummary } from "./training-format.ts";
import "./staff.css";

export function TrainingRequirementsPage() {
  const data = useData();
  const session = useSession();
  const mayEdit = Boolean(session && can(session, "schedules", "write") && isGroupWide(session));
  // Retired ones too: the defaults already loaded once are not offered again, and they are listed below.
  const list = useAllRecords("trainingRequirements", {
    orderBy: { field: "sortOrder", direction: "asc" },
    includeArchived: true,
  });
  const requirements = (list.data ?? []).filter((r) => r.archivedAt === null);
  const retired = (list.data ?? []).filter((r) => r.archivedAt !== null);
  const [dialog, setDialog] = useState<{ editing: TRequirementRecord | undefined } | null>(null);
  const [retiring, setRetiring] = useState<TRequirementRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const missingDefaults = CA_DEFAULT_TRAINING_REQUIREMENTS.filter((d) => !(list.data ?? []).some((r) => r.id === d.id));

  async function run(work: () => Promise<void>, name: string) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT")
        toast.error(`Someone else changed ${name} meanwhile; the list was reloaded.`, { id: "error-CONFLICT" });
      else reportError(error);
    } finally {
      setBusy(false);
    }
  }

  const markReviewed = (r: TRequirementRecord) =>
    run(async () => {
      await data.update("trainingRequirements", r.id, { needsReview: false }, r.version);
      toast.success(`${r.name} is marked reviewed.`);
    }, r.name);

  const retire = (r: TRequirementRecord) =>
    run(async () => {
      setRetiring(null);
      await data.remove("trainingRequirements", r.id, r.version);
      toast.success(`${r.name} was retired.`);
    }, r.name);

  const loadDefaults = () =>
    run(async () => {
      let created = 0;
      for (const { id, ...input } of missingDefaults) {
        try {
          await data.create("trainingRequirements", input, { id });
          created += 1;
        } catch (error) {
          // Loaded before and retired since: it stays retired.
          if (!(isAppError(error) && error.code === "CONFLICT")) throw error;
        }
      }
      toast.success(
        created > 0
          ? `Loaded ${created} California default${created === 1 ? "" : "s"}; review each for your homes.`
          : "The California defaults were loaded before; retired ones stay retired.",
      );
    }, "the list");

  return (
    <article className="page staff-page" aria-labelledby="page-title">
      <PageHeader
        title="Training requirements"
        intro="The training each position must complete, counted from every staff member's ledger: what the staff pages, the transcripts and the reminders measure against. California's figures are shipped as defaults; review them for your homes."
        actions={
          mayEdit && (
            <>
              <button type="button" className="button" onClick={() => setDialog({ editing: undefined })}>
                Add requirement
              </button>
              {missingDefaults.length > 0 && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy || list.isLoading}
                  onClick={() => void loadDefaults()}
                >
                  Load the California defaults
                </button>
              )}
            </>
          )
        }
      >
        {!mayEdit && session && (
          <p className="training-requirements__readonly">
            Only a user with training permission who sees every home changes this list; you can read it.
          </p>
        )}
      </PageHeader>
      {list.isLoading ? (
        <p role="status">Loading…</p>
      ) : requirements.length === 0 ? (
        <section className="card">
          <h2>No training requirements</h2>
          <p>
            {mayEdit
              ? "Load California's defaults (each marked for review) or add your own."
              : "An administrator sets up what training each position needs."}
          </p>
        </section>
      ) : (
        <ul className="training-requirements">
          {requirements.map((r) => (
            <li key={r.id} className="card">
              <h2>
                {r.name} {r.needsReview && <span className="pill pill--warn">Review for your home</span>}
              </h2>
              <p>
                <strong>{requirementSummary(r)}</strong>
                {r.positions.length > 0
                  ? ` · ${r.positions.map((p) => POSITION_LABELS[p]).join(", ")}`
                  : " · every position"}
              </p>
              {r.description && <p>{r.description}</p>}
              <p className="training-requirements__detail">
                Counts: {r.categories.map((c) => CATEGORY_LABELS[c]).join(", ")}
              </p>
              {r.parts.length > 0 && <p className="training-requirements__detail">Of which: {partsSummary(r.parts)}</p>}
              <p className="training-requirements__detail">
                {r.period === "before_independence"
                  ? "Until met, the staff page says the person works only under direct supervision."
                  : `Reminder ${r.leadTimeDays} days before it is due.`}
              </p>
              {mayEdit && (
                <p className="training-requirements__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() => setDialog({ editing: r })}
                  >
                    Edit<span className="visually-hidden"> {r.name}</span>
                  </button>
                  {r.needsReview && (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      onClick={() => void markReviewed(r)}
                    >
                      Mark reviewed<span className="visually-hidden"> {r.name}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() => setRetiring(r)}
                  >
                    Retire<span className="visually-hidden"> {r.name}</span>
                  </button>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {retired.length > 0 && (
        <section className="card" aria-labelledby="retired-title">
          <h2 id="retired-title">Retired requirements</h2>
          <p>They no longer count; the training recorded stays in the ledgers. To use one again, add it anew.</p>
          <ul>
            {retired.map((r) => (
              <li key={r.id}>
                {r.name} — retired {r.archivedAt?.slice(0, 10)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link to={paths.help.href("training")}>How training is counted</Link>
      </p>
      {dialog && (
        <TrainingRequirementDialog
          editing={dialog.editing}
          newSortOrder={(requirements.at(-1)?.sortOrder ?? 0) + 10}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={retiring !== null}
        title={`Retire ${retiring?.name ?? ""}?`}
        confirmLabel="Retire requirement"
        danger
        busy={busy}
        onConfirm={() => retiring && void retire(retiring)}
        onCancel={() => setRetiring(null)}
      >
        <p>
          It no longer counts on staff pages, transcripts or reminders. Training already recorded stays in the ledgers.
        </p>
      </ConfirmDialog>
    </article>
  );
}
