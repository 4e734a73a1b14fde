/**
 * While a prospect is typed: has the same person already been referred to any home of the group? The
 * check (InsightsPort.referralMatches) runs on the server or in a Cloud Function once a name is typed
 * (alone: a weaker "possible duplicate, same name" warning until a date of birth, phone or e-mail says
 * more); it names each earlier referral the user may see — date, agent
 * and home, earliest first — and for other homes says only that a referral exists there and whom to ask.
 * On a new referral the warning is a decision: link it as a duplicate (reported to the agency), log it
 * as a referral of its own with the reason, or say it is not the same person. Logged without saying it is
 * another person, it keeps the earlier referral as `possibleDuplicateOfId` (a "Possible duplicate" badge).
 */
import { useWatch, type Control, type UseFormRegister, type FieldErrors } from "react-hook-form";
import { Link } from "react-router-dom";
import type { TReferralMatches } from "@care/core/rules/referral-matches.rules";
import { paths } from "../../lib/paths.ts";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { FormField } from "../../ui/form-field.tsx";
import { STATUS_LABELS } from "./referral-format.ts";
import { SOURCE_LABELS } from "@care/core/collections/referrals.collection";
import type { TReferralInput, TReferralValues } from "./referral-form-values.ts";

const REASON_WORDS = {
  "name-and-birth-date": "same name and date of birth",
  phone: "same phone",
  email: "same e-mail",
  "same-name": "same name only",
};

/** The latest answer for what is typed (undefined until something can be checked or while it loads). */
export function useProspectMatches(
  control: Control<TReferralValues, unknown, TReferralInput>,
  excludeId: string | undefined,
): TReferralMatches | undefined {
  const [firstName, lastName, dateOfBirth, phone, email] = useWatch({
    control,
    name: ["firstName", "lastName", "dateOfBirth", "phone", "email"],
  });
  // Debounced as text: a new object each render would never settle.
  const typed = JSON.parse(
    useDebounced(
      JSON.stringify({
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        dateOfBirth,
        phone: phone.replace(/\D/g, "").length >= 10 ? phone.trim() : "",
        email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim()) ? email.trim() : "",
      }),
    ),
  ) as { firstName: string; lastName: string; dateOfBirth: string; phone: string; email: string };
  // A name alone is asked about too (a possible duplicate); a date of birth being typed waits until whole.
  const askable =
    (typed.firstName !== "" &&
      typed.lastName !== "" &&
      (typed.dateOfBirth === "" || /^\d{4}-\d{2}-\d{2}$/.test(typed.dateOfBirth))) ||
    typed.phone !== "" ||
    typed.email !== "";
  const query = { ...typed, ...(excludeId ? { excludeId } : {}) };
  const answer = usePortQuery(["referralMatches", query], ({ insights }) => insights.referralMatches(query), {
    reads: ["referrals"],
    enabled: askable,
    keepPrevious: true,
  });
  return askable ? answer.data : undefined;
}

/** The referral a duplicate is linked to: the first one the user sees, else the first of another home. */
export function duplicateTarget(answer: TReferralMatches | undefined): string | undefined {
  return answer?.matches[0]?.id ?? answer?.elsewhere[0]?.firstId;
}

/** Whether an answer found the prospect anywhere. */
export function foundAnywhere(answer: TReferralMatches | undefined): boolean {
  return answer !== undefined && (answer.matches.length > 0 || answer.elsewhere.length > 0);
}

export function ProspectMatches(props: {
  answer: TReferralMatches | undefined;
  /** A new referral: the warning asks for a decision (these register its fields). */
  decide?: { register: UseFormRegister<TReferralValues>; errors: FieldErrors<TReferralValues>; choice: string };
}) {
  const { answer, decide } = props;
  if (!answer || !foundAnywhere(answer)) return null;
  const first = answer.matches[0];
  const linkable = duplicateTarget(answer);
  return (
    <div className="alert referral-matches form-field--wide" role="status" aria-live="polite">
      {answer.sameNameOnly ? (
        <p>
          <strong>Possible duplicate: same name{first ? ` — first referred on ${first.referredOn}` : ""}.</strong>{" "}
          Someone of this name was already referred. Add the date of birth, phone or e-mail to confirm it is the same
          person.
        </p>
      ) : (
        <p>
          <strong>This person was already referred{first ? ` — first on ${first.referredOn}` : ""}.</strong> An agency
          that sends a prospect already known to the group is not owed a fee for them.
        </p>
      )}
      {answer.matches.length > 0 && (
        <ul>
          {answer.matches.map((m) => (
            <li key={m.id}>
              <Link to={paths.agents.referral.href(m.id)} target="_blank">
                {m.name}
              </Link>{" "}
              — referred to {m.facilityName} on {m.referredOn}
              {m.agentName ? ` by ${m.agentName}` : m.source !== "agent" ? ` (${SOURCE_LABELS[m.source]})` : ""},{" "}
              {STATUS_LABELS[m.status].toLowerCase()} ({m.reasons.map((r) => REASON_WORDS[r]).join(", ")})
            </li>
          ))}
        </ul>
      )}
      {answer.elsewhere.map((e) => (
        <p key={e.facilityId}>
          {e.count === 1 ? "A referral" : `${e.count} referrals`} of{" "}
          {answer.sameNameOnly ? "someone of this name" : "this person"} {e.count === 1 ? "is" : "are"} logged at{" "}
          {e.facilityName}, which you do not see. Ask {e.administrator ?? "its administrator"} before you go on.
        </p>
      ))}
      {decide && (
        <fieldset className="referral-matches__decision">
          <legend>What is this referral?</legend>
          {linkable && (
            <label className="referral-matches__choice">
              <input type="radio" value="duplicate" {...decide.register("duplicateChoice")} /> A duplicate: link it to
              the {first ? `referral of ${first.referredOn}` : `referral at ${answer.elsewhere[0]!.facilityName}`} and
              report it to the agency
            </label>
          )}
          <label className="referral-matches__choice">
            <input type="radio" value="continue" {...decide.register("duplicateChoice")} /> A referral of its own (the
            earlier one does not count), with the reason
          </label>
          <label className="referral-matches__choice">
            <input type="radio" value="different" {...decide.register("duplicateChoice")} /> Not the same person
          </label>
          {decide.errors.duplicateChoice?.message && (
            <p className="form-field__error" role="alert">
              {decide.errors.duplicateChoice.message}
            </p>
          )}
          {decide.choice === "continue" && (
            <FormField
              kind="textarea"
              label="Why log it anyway"
              required
              rows={2}
              hint="For example: the earlier referral was two years ago and closed."
              error={decide.errors.duplicateNote?.message}
              {...decide.register("duplicateNote")}
            />
          )}
        </fieldset>
      )}
    </div>
  );
}
