/** A dollars-and-cents amount field (decimal keypad, no autofill), as the payment and rate forms ask for one. */
import { FormField, type TFormFieldProps } from "./form-field.tsx";

type TInputFieldProps = Extract<TFormFieldProps, { kind?: "input" }>;

export function MoneyField(props: Omit<TInputFieldProps, "kind" | "inputMode" | "autoComplete" | "placeholder">) {
  return <FormField inputMode="decimal" autoComplete="off" placeholder="0.00" {...props} />;
}
