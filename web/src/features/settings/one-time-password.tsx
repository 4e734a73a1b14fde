/**
 * A one-time password the backend just generated, shown once: the administrator copies it or reads it
 * out, then closes it. It is never shown again (a lost one is replaced by a new reset). It works for one
 * sign-in, until the time shown.
 */
import { useState } from "react";
import { deadlineText } from "../../lib/date-time.ts";
import { reportError } from "../../lib/report-error.ts";

export function OneTimePassword({
  email,
  password,
  expiresAt,
  timeZone,
  onDone,
}: {
  email: string;
  password: string;
  /** ISO instant when it stops working. */
  expiresAt: string;
  /** The zone to say it in (the page's home), named: "Tuesday, December 1, 2026 at 2:05 PM PST". */
  timeZone: string;
  onDone: () => void;
}) {
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
      <p data-testid="one-time-password-expiry">
        It works for <strong>one sign-in</strong>, until <strong>{deadlineText(expiresAt, timeZone)}</strong>.
      </p>
      <p>
        It is shown only now. Give it to the person directly (in person or by phone, not by e-mail). At that sign-in
        they choose their own password; until then they can do nothing else. If it expires or they leave before choosing
        theirs, reset their password for a new one.
      </p>
      <button type="button" className="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
