/**
 * zod's generic messages in words a care-home administrator acts on, for the fields of every form,
 * and the number inputs' "empty means absent".
 */
import type { FieldError } from "react-hook-form";

/** The message of a field's error; `numberHint` replaces "expected number" (e.g. "Enter an amount…"). */
export function formMessage(
  error: Pick<FieldError, "message"> | undefined,
  numberHint = "Enter a whole number",
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (message.startsWith("Invalid option")) return "Choose one";
  if (/expected number/.test(message)) return numberHint;
  if (/expected string, received undefined/.test(message)) return "Required";
  return message;
}

/** For `register(name, optionalNumber)`: an empty number input means the field is absent. */
export const optionalNumber = {
  setValueAs: (v: unknown) => (v === "" || v === undefined || v === null ? undefined : Number(v)),
};
