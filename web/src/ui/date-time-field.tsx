/**
 * A labelled date-and-time control (`datetime-local`, the viewer's local time) with its error beside
 * it, styled like `FormField`. Takes react-hook-form's `register()` props; the value is the input's
 * local `YYYY-MM-DDTHH:mm` text, which the form converts to a UTC timestamp before validating.
 */
import { useId, type Ref } from "react";
import "./form-field.css";

export interface TDateTimeFieldProps {
  label: string;
  error?: string | undefined;
  required?: boolean;
  className?: string;
  name: string;
  ref?: Ref<HTMLInputElement>;
  onChange?: (event: { target: unknown; type?: unknown }) => unknown;
  onBlur?: (event: { target: unknown; type?: unknown }) => unknown;
}

export function DateTimeField({ label, error, required, className, name, ref, onChange, onBlur }: TDateTimeFieldProps) {
  const id = `field-${useId()}`;
  const errorId = `${id}-error`;
  return (
    <div className={["form-field", error ? "form-field--invalid" : "", className ?? ""].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        type="datetime-local"
        name={name}
        ref={ref}
        onChange={onChange}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required || undefined}
      />
      {error && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
