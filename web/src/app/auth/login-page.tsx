/**
 * `/login`: e-mail and password, validated with the same `ZSignIn` schema the backends use. Field
 * errors sit next to their fields; a refusal from the backend (wrong password, too many attempts with
 * the wait time, service down) shows once, above the button. After sign-in: back to the page asked for.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { ZSignIn, type TSignIn } from "@care/core/ports/auth.port";
import { useAuth, usePortal, useSession } from "../../lib/ports.tsx";
import { applyFieldErrors, describeError } from "../../lib/report-error.ts";
import { FullPageMessage } from "../../ui/full-page-message.tsx";
import { loginTarget } from "./login-target.ts";
import "./login.css";

export function LoginPage() {
  const auth = useAuth();
  const session = useSession();
  const { title } = usePortal();
  const location = useLocation();
  const navigate = useNavigate();
  const target = loginTarget(location.state, session?.id);
  // A page whose session ended under it (not a Logout) sends its user here with their id: say why.
  const ended = typeof (location.state as { userId?: unknown } | null)?.userId === "string";
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSignIn>({ resolver: zodResolver(ZSignIn), defaultValues: { email: "", password: "" } });

  if (session === undefined) return <FullPageMessage>Loading...</FullPageMessage>;
  if (session && !isSubmitting) return <Navigate to={target} replace />;

  const onSubmit = async (values: TSignIn) => {
    setServerError(null);
    try {
      const user = await auth.signIn(values);
      navigate(loginTarget(location.state, user.id), { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ["email", "password"])) setServerError(describeError(error));
    }
  };

  return (
    <main className="login">
      <div className="login__panel card">
        <p className="login__brand">{title}</p>
        <h1 className="login__title">Sign in</h1>
        {ended && (
          <p className="login__notice" role="status">
            You were signed out: the session ended after a while without activity, by a sign-out in another tab or on
            another device, or by a change to your account. Sign in again to go back to the page you were on.
          </p>
        )}
        <form className="login__form" onSubmit={handleSubmit(onSubmit)} noValidate>
          <div className="field">
            <label htmlFor="login-email">E-mail</label>
            <input
              id="login-email"
              type="email"
              autoComplete="username"
              autoFocus
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "login-email-error" : undefined}
              {...register("email")}
            />
            {errors.email && (
              <p id="login-email-error" className="field__error">
                {errors.email.message}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "login-password-error" : undefined}
              {...register("password")}
            />
            {errors.password && (
              <p id="login-password-error" className="field__error">
                {errors.password.message}
              </p>
            )}
          </div>
          <div aria-live="assertive">
            {serverError && (
              <p className="alert login__error" role="alert">
                {serverError}
              </p>
            )}
          </div>
          <button type="submit" className="button login__submit" disabled={isSubmitting}>
            {isSubmitting ? "Signing in..." : "Sign in"}
          </button>
        </form>
        <p className="login__hint">Forgot your password? Ask an administrator of your group to reset it.</p>
      </div>
    </main>
  );
}
