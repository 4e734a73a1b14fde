/**
 * One labelled form control with its error right beside it: the control points at the error and hint
 * with aria-describedby and is marked aria-invalid. Takes react-hook-form's `register()` props directly.
 */
import { useId, type ReactNode, type Ref } from "react";
import "./form-field.css";

interface TBaseProps {
  label: string;
  /** The message shown beside the field (e.g. react-hook-form's `errors.x?.message`). */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** Extra class for grid placement. */
  className?: string;
  id?: string;
  name: string;
  ref?: Ref<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>;
  onChange?: (event: { target: unknown; type?: unknown }) => unknown;
  onBlur?: (event: { target: unknown; type?: unknown }) => unknown;
  disabled?: boolean;
}

export type TFormFieldProps =
  | (TBaseProps & {
      kind?: "input";
      type?: "text" | "password" | "date" | "time" | "email" | "tel" | "number" | "month" | "search";
      autoComplete?: string;
      inputMode?: "text" | "decimal" | "numeric" | "tel" | "email";
      placeholder?: string;
      step?: string;
      /** For a controlled input (most fields use react-hook-form's uncontrolled `register`). */
      value?: string;
    })
  | (TBaseProps & {
      kind: "select";
      options: readonly { value: string; label: string }[];
      placeholder?: string;
      /** For a controlled select. */
      value?: string;
    })
  | (TBaseProps & {
      kind: "textarea";
      rows?: number;
      /** For a controlled textarea. */
      value?: string;
    })
  | (TBaseProps & { kind: "checkbox" });

export function FormField(props: TFormFieldProps) {
  const generated = useId();
  const id = props.id ?? `field-${generated}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: props.name,
    ref: props.ref,
    onChange: props.onChange,
    onBlur: props.onBlur,
    disabled: props.disabled,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": props.required || undefined,
  };

  let control: ReactNode;
  if (props.kind === "select") {
    control = (
      <select {...common} value={props.value}>
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (props.kind === "textarea") {
    control = <textarea {...common} rows={props.rows ?? 3} value={props.value} />;
  } else if (props.kind === "checkbox") {
    control = <input {...common} type="checkbox" />;
  } else {
    control = (
      <input
        {...common}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        step={props.step}
        value={props.value}
      />
    );
  }

  const isCheckbox = props.kind === "checkbox";
  return (
    <div
      className={[
        "form-field",
        isCheckbox ? "form-field--checkbox" : "",
        props.error ? "form-field--invalid" : "",
        props.className ?? "",
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {isCheckbox ? (
        <label htmlFor={id} className="form-field__check">
          {control} {props.label}
        </label>
      ) : (
        <>
          <label htmlFor={id} className="form-field__label">
            {props.label}
            {props.required && (
              <span className="form-field__required" aria-hidden="true">
                {" "}
                *
              </span>
            )}
          </label>
          {control}
        </>
      )}
      {props.hint && (
        <p id={hintId} className="form-field__hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="form-field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
