/**
 * The upload dialog of the documents panel: a file dropped or chosen (checked in the browser first),
 * the document type (or a title for other paperwork), the issue date (empty until typed: today would
 * give an old paper fresh months), the expiry date printed on it (required for a type that expires,
 * filled in from the issue date where the type has a period), notes; then the file is uploaded with a progress bar into the subject's facility and the
 * document created — or, when replacing, the new version committed together with the old one's
 * `current: false`. Every error lands next to its field or in one toast.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import {
  EXPIRY_REQUIRED_MESSAGE,
  typeExpires,
  ZDocument,
  type TDocumentSubject,
} from "@care/core/collections/documents.collection";
import type { TInputOf } from "@care/core/registry";
import { defaultExpiryDate, documentTypeLabel } from "@care/core/rules/compliance.rules";
import { useData, useFiles } from "../../lib/ports.tsx";
import { describeError, reportError } from "../../lib/report-error.ts";
import { Dialog } from "../confirm-dialog.tsx";
import { FormField } from "../form-field.tsx";
import { replaceOps, type TDocumentRecord, type TDocumentTypeRecord } from "./documents-data.ts";
import { ACCEPT_ATTRIBUTE, checkFile, formatFileSize, TYPE_MESSAGE } from "./file-check.ts";

/** What the dialog uploads: a new document (of a type, or other paperwork) or a new version of one. */
export type TUploadTarget =
  { kind: "new"; typeId?: string | undefined } | { kind: "replace"; document: TDocumentRecord; typeLabel: string };

export interface TUploadDialogProps {
  open: boolean;
  subject: TDocumentSubject;
  subjectId: string;
  /** The subject's home, or null for a group-wide subject (an agent). */
  facilityId: string | null;
  /** Whose documents these are, for the success message ("… for Quennell, Winifred"). */
  subjectName: string;
  types: readonly TDocumentTypeRecord[];
  target: TUploadTarget;
  onClose: () => void;
}

interface TUploadForm {
  typeId: string;
  title: string;
  issueDate: string;
  expiryDate: string;
  notes: string;
}

const FIELDS = ["typeId", "title", "issueDate", "expiryDate", "notes"] as const;
type TField = (typeof FIELDS)[number] | "file";

/** The form field a schema or server error path belongs to; the file's own fields belong to the file. */
function fieldOf(path: string): TField | null {
  if (["fileId", "fileName", "contentType", "size"].includes(path)) return "file";
  return (FIELDS as readonly string[]).includes(path) ? (path as TField) : null;
}

export function DocumentUploadDialog(props: TUploadDialogProps) {
  const title = props.target.kind === "replace" ? `Replace ${props.target.typeLabel}` : "Upload a document";
  return (
    <Dialog open={props.open} title={title} onClose={props.onClose}>
      <UploadForm {...props} />
    </Dialog>
  );
}

function UploadForm({ subject, subjectId, facilityId, subjectName, types, target, onClose }: TUploadDialogProps) {
  const data = useData();
  const files = useFiles();
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The expiry follows the type and issue date until the user types their own.
  const [expiryTouched, setExpiryTouched] = useState(false);

  const replacing = target.kind === "replace" ? target.document : undefined;
  const fixedTypeId = replacing ? (replacing.typeId ?? "") : undefined;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TUploadForm>({
    defaultValues: {
      typeId: fixedTypeId ?? (target.kind === "new" ? (target.typeId ?? "") : ""),
      title: replacing?.title ?? "",
      issueDate: "",
      expiryDate: "",
      notes: "",
    },
  });

  const typeId = watch("typeId");
  const issueDate = watch("issueDate");
  const type = types.find((t) => t.id === typeId);
  const validityMonths = type?.validityMonths;
  const expires = type ? typeExpires(type) : false;

  useEffect(() => {
    if (expiryTouched) return;
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(issueDate);
    setValue("expiryDate", valid && validityMonths ? defaultExpiryDate(issueDate, validityMonths) : "");
  }, [issueDate, validityMonths, expiryTouched, setValue]);

  async function choose(chosen: File | undefined) {
    setFailure(null);
    if (!chosen) return;
    const check = await checkFile(chosen);
    if (!check.ok) {
      setFile(null);
      setFileError(check.message);
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (isSubmitting) return;
    void choose(event.dataTransfer.files[0]);
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const fields: Partial<Record<TField, string>> = {};
    if (!file) fields.file = fileError ?? "Choose a PDF or image file to upload.";
    const input: TInputOf<"documents"> = {
      subject,
      subjectId,
      facilityId,
      ...(values.typeId ? { typeId: values.typeId } : {}),
      ...(values.typeId || !values.title.trim() ? {} : { title: values.title.trim() }),
      fileId: "pending-upload",
      fileName: file?.name.slice(0, 255) || "file",
      contentType: "application/pdf",
      size: file?.size ?? 0,
      ...(values.issueDate ? { issueDate: values.issueDate } : {}),
      ...(values.expiryDate ? { expiryDate: values.expiryDate } : {}),
      ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
      current: true,
    };
    // Every backend refuses it too (the type's link requires it); said here before the file goes up.
    if (expires && !values.expiryDate) fields.expiryDate = EXPIRY_REQUIRED_MESSAGE;
    const parsed = ZDocument.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join("."));
        if (field && !fields[field]) fields[field] = issue.message;
      }
    if (Object.keys(fields).length > 0) {
      if (fields.file) setFileError(fields.file);
      for (const f of FIELDS) if (fields[f]) setError(f, { message: fields[f] });
      return;
    }
    if (!file) return;

    setProgress(0);
    let stored;
    try {
      stored = await files.upload(file, file.name, { facilityId, onProgress: setProgress });
    } catch (error) {
      setProgress(null);
      if (isAppError(error) && (error.code === "PAYLOAD_TOO_LARGE" || error.code === "UNSUPPORTED_MEDIA_TYPE")) {
        setFileError(
          error.code === "UNSUPPORTED_MEDIA_TYPE" ? `${describeError(error)} ${TYPE_MESSAGE}` : describeError(error),
        );
        return;
      }
      setFailure(describeError(error));
      reportError(error);
      return;
    }

    const record = {
      ...input,
      fileId: stored.id,
      fileName: stored.name,
      contentType: stored.contentType,
      size: stored.size,
    };
    try {
      if (replacing) await data.commit(replaceOps(replacing, record));
      else await data.create("documents", record);
    } catch (error) {
      setProgress(null);
      // The file is useless without its document: remove it (best effort; it is unreachable anyway).
      void files.remove(stored.id).catch(() => undefined);
      if (isAppError(error) && error.code === "VALIDATION" && error.fields) {
        let shown = false;
        for (const [path, message] of Object.entries(error.fields)) {
          const field = fieldOf(path.replace(/^ops\.\d+\.(data|patch)\./, ""));
          if (field === "file") setFileError(message);
          else if (field) setError(field, { type: "server", message });
          shown ||= field !== null;
        }
        if (shown) return;
      }
      if (isAppError(error) && error.code === "CONFLICT" && replacing) {
        setFailure(
          "Someone else changed this document meanwhile, so this version was not saved. The list now shows their change; close this dialog and replace it again if it is still needed.",
        );
        // The refused write has refreshed the list behind the dialog.
        return;
      }
      setFailure(describeError(error));
      reportError(error);
      return;
    }
    const what = type ? documentTypeLabel(type) : (input.title ?? stored.name);
    toast.success(`${what} ${replacing ? "replaced" : "uploaded"} for ${subjectName}.`);
    onClose();
  });

  const typeOptions = types.map((t) => ({ value: t.id, label: documentTypeLabel(t) }));
  const validityHint = type
    ? validityMonths
      ? `The date printed on the document; filled in as ${validityMonths} month${validityMonths === 1 ? "" : "s"} after the issue date. Change it if the document says otherwise.`
      : expires
        ? "The date printed on the document: the last day it is valid."
        : "This type never expires; leave empty unless the document has an expiry date."
    : "The last day the document is valid; leave empty if it never expires.";
  const fileErrorId = `${ids}-file-error`;
  const describedBy = [`${ids}-file-hint`, fileError ? fileErrorId : ""].filter(Boolean).join(" ");
  const busy = isSubmitting || progress !== null;

  return (
    <form className="document-upload" noValidate onSubmit={onSubmit}>
      <div
        className={["document-drop", dragging ? "document-drop--over" : "", fileError ? "document-drop--invalid" : ""]
          .filter(Boolean)
          .join(" ")}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="document-drop"
      >
        <label htmlFor={`${ids}-file`} className="document-drop__label">
          File{" "}
          <span aria-hidden="true" className="form-field__required">
            *
          </span>
        </label>
        <p className="document-drop__text">
          {file ? (
            <>
              <strong>{file.name}</strong> · {formatFileSize(file.size)}
            </>
          ) : (
            "Drop a PDF or image here, or choose one."
          )}
        </p>
        {/* The native input stays the labelled control (and receives drops' files for tests and assistive
            tools); the button opens it, since its own look cannot show a dropped file's name. */}
        <input
          ref={inputRef}
          id={`${ids}-file`}
          className="visually-hidden"
          type="file"
          tabIndex={-1}
          accept={ACCEPT_ATTRIBUTE}
          disabled={busy}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={describedBy}
          aria-required
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <button
          type="button"
          className="button button--secondary button--small document-drop__choose"
          disabled={busy}
          aria-describedby={describedBy}
          onClick={() => inputRef.current?.click()}
        >
          {file ? "Choose another file" : "Choose file"}
        </button>
        <p id={`${ids}-file-hint`} className="form-field__hint">
          PDF, PNG, JPEG, WebP or HEIC, at most 20 MB.
        </p>
        {fileError && (
          <p id={fileErrorId} className="form-field__error" role="alert">
            {fileError}
          </p>
        )}
      </div>

      {replacing ? (
        // A typed document keeps its type; other documents show their title field below instead.
        replacing.typeId && (
          <p className="document-upload__fixed">
            <span className="document-upload__label">Document type</span>{" "}
            {target.kind === "replace" && target.typeLabel}
          </p>
        )
      ) : (
        <FormField
          kind="select"
          label="Document type"
          placeholder="Other document (no type)"
          options={typeOptions}
          error={errors.typeId?.message}
          disabled={busy}
          {...register("typeId")}
        />
      )}
      {!typeId && (
        <FormField
          label="Title"
          required
          hint="What this document is, e.g. “Hospital discharge summary”"
          error={errors.title?.message}
          disabled={busy}
          {...register("title")}
        />
      )}
      <div className="document-upload__row">
        <FormField
          type="date"
          label="Issue date"
          hint="The date on the document."
          error={errors.issueDate?.message}
          disabled={busy}
          {...register("issueDate")}
        />
        <FormField
          type="date"
          label="Expiry date"
          required={expires}
          hint={validityHint}
          error={errors.expiryDate?.message}
          disabled={busy}
          {...register("expiryDate", { onChange: () => setExpiryTouched(true) })}
        />
      </div>
      <FormField
        kind="textarea"
        label="Notes"
        rows={2}
        error={errors.notes?.message}
        disabled={busy}
        {...register("notes")}
      />

      {progress !== null && (
        <div className="document-upload__progress">
          <label htmlFor={`${ids}-progress`}>{progress < 1 ? "Uploading…" : "Saving…"}</label>
          <progress id={`${ids}-progress`} max={1} value={progress}>
            {Math.round(progress * 100)}%
          </progress>
          <span aria-hidden="true">{Math.round(progress * 100)}%</span>
        </div>
      )}
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Uploading…" : replacing ? "Upload new version" : "Upload"}
        </button>
      </div>
    </form>
  );
}
