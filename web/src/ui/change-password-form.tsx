/**
 * Changing one's own password: the current one, the new one twice. Used by My account and by the screen
 * a user sees after signing in with a one-time password. The rules (12+ characters, not a common or
 * leaked password, not the current one) are the auth port's; its field errors show beside the fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ZPasswordChange } from "@care/core/ports/auth.port";
import { useAuth } from "../lib/ports.tsx";
import { applyFieldErrors, reportError } from "../lib/report-error.ts";
import { FormField } from "./form-field.tsx";
import "./change-password-form.css";

const ZForm = ZPasswordChange.and(z.object({ repeatPassword: z.string() })).refine(
  (v) => v.repeatPassword === v.newPassword,
  { path: ["repeatPassword"], message: "Does not match the new password" },
);
type TValues = z.input<typeof ZForm>;
const FIELDS = ["currentPassword", "newPassword", "repeatPassword"] as const;

export function ChangePasswordForm({
  currentLabel = "Current password",
  submitLabel = "Change password",
  onChanged,
}: {
  currentLabel?: string;
  submitLabel?: string;
  onChanged: () => void;
}) {
  const auth = useAuth();
  const form = useForm<TValues>({
    resolver: zodResolver(ZForm),
    defaultValues: { currentPassword: "", newPassword: "", repeatPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await auth.changePassword({ currentPassword, newPassword });
      form.reset();
      onChanged();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) reportError(error);
    }
  });

  return (
    <form className="change-password" onSubmit={submit} noValidate>
      <FormField
        label={currentLabel}
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...form.register("currentPassword")}
      />
      <FormField
        label="New password"
        type="password"
        hint="At least 12 characters. A short sentence is easy to remember and hard to guess."
        autoComplete="new-password"
        required
        error={errors.newPassword?.message}
        {...form.register("newPassword")}
      />
      <FormField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.repeatPassword?.message}
        {...form.register("repeatPassword")}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : submitLabel}
        </button>
      </div>
    </form>
  );
}
