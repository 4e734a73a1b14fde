/**
 * "Archive" for a record page: asks first (saying what stays kept), archives through the data port,
 * says so in a toast and goes back to the list. Residents and staff are archived, never deleted.
 */
import { useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router-dom";
import type { TCollectionName } from "@care/core/registry";
import { useData } from "../lib/ports.tsx";
import { reportError } from "../lib/report-error.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export function ArchiveButton({
  collection,
  record,
  name,
  question,
  after,
  children,
}: {
  collection: TCollectionName;
  record: { id: string; version: number };
  /** Whom the toast names: "Okafor, Margaret was archived." */
  name: string;
  /** "Archive this resident?" */
  question: string;
  /** Where to go once archived (the list). */
  after: string;
  /** What archiving means, in the dialog. */
  children: ReactNode;
}) {
  const data = useData();
  const navigate = useNavigate();
  const [state, setState] = useState<"ask" | "busy" | null>(null);

  async function archive() {
    setState("busy");
    try {
      await data.remove(collection, record.id, record.version);
      toast.success(`${name} was archived.`);
      navigate(after);
    } catch (error) {
      reportError(error);
      setState(null);
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setState("ask")}>
        Archive
      </button>
      <ConfirmDialog
        open={state !== null}
        title={question}
        confirmLabel="Archive"
        danger
        busy={state === "busy"}
        onConfirm={() => void archive()}
        onCancel={() => setState(null)}
      >
        <p>{children}</p>
      </ConfirmDialog>
    </>
  );
}
