/**
 * A one-time password the backend just generated, shown once: the administrator copies it or reads it
 * out, then closes it. It is never shown again (a lost one is replaced by a new reset).
 */
import { useState } from "react";
import { reportError } from "../../lib/report-error.ts";

export function OneTimePassword({ email, password, onDone }: { email: string; password: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <section className="card one-time" aria-labelledby="one-time-title" role="status">
      <h2 id="one-time-title">One-time password for {email}</h2>
      <p className="one-time__value">
        <code data-testid="one-time-password">{password}</code>
        <button type="button" className="button button--secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      </p>
      <p>
        It is shown only now. Give it to the person directly (in person or by phone, not by e-mail). At their first
        sign-in they choose their own password; until then they can do nothing else.
      </p>
      <button type="button" className="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
