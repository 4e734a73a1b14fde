/**
 * "Void payment": the one way to correct a payment entered by mistake. The payment stays on record,
 * struck through, and counts for nothing from then on; its receipt keeps what it said, and a void
 * notice (a document of its own) is issued. Needs the role's "Void or refund payments"; a reason is
 * required.
 */
import { useState } from "react";
import toast from "react-hot-toast";
import { formatCents } from "@care/core/rules/rent.rules";
import { useData } from "../../lib/ports.tsx";
import { describeError } from "../../lib/report-error.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import type { TPaymentRecord } from "./rent-data.ts";
import { receiptNumber } from "./rent-ledger.ts";

export function VoidPaymentDialog({ payment, onClose }: { payment: TPaymentRecord | null; onClose: () => void }) {
  return (
    <Dialog open={payment !== null} title="Void payment" onClose={onClose}>
      {payment && <VoidForm payment={payment} onClose={onClose} />}
    </Dialog>
  );
}

function VoidForm({ payment, onClose }: { payment: TPaymentRecord; onClose: () => void }) {
  const data = useData();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const what = `${payment.kind === "refund" ? "refund" : "payment"} of ${formatCents(payment.amountCents)} received on ${payment.receivedOn}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError("Give the reason for voiding");
      return;
    }
    setBusy(true);
    try {
      await data.update("payments", payment.id, { status: "voided", voidReason: reason.trim() }, payment.version);
      toast.success(`Voided the ${what}`);
      onClose();
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  };

  return (
    <form className="rent-form" noValidate onSubmit={(event) => void submit(event)}>
      <p>
        Void the {what} (receipt {receiptNumber(payment.id)})? It stays on the ledger, struck through, and no longer
        counts towards the balance. This cannot be undone.
      </p>
      <FormField
        kind="textarea"
        label="Reason"
        name="voidReason"
        required
        rows={2}
        hint="e.g. typed the wrong amount, recorded twice, wrong resident"
        error={error ?? undefined}
        value={reason}
        onChange={(event) => setReason((event.target as HTMLTextAreaElement).value)}
      />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          Keep the payment
        </button>
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? "Voiding…" : "Void payment"}
        </button>
      </div>
    </form>
  );
}
