/**
 * What a user sees after signing in with a one-time password (an administrator created their account or
 * reset their password): choose their own before anything else. The backend refuses every other call
 * until they do; once changed, the portal opens at the page they asked for.
 */
import toast from "react-hot-toast";
import { useAuth, usePortal, useSession } from "../../lib/ports.tsx";
import { reportError } from "../../lib/report-error.ts";
import { ChangePasswordForm } from "../../ui/change-password-form.tsx";
import "./login.css";
import { signOutAsAsked } from "../../lib/sign-out.ts";

export function ChoosePasswordPage() {
  const auth = useAuth();
  const session = useSession();
  const { title } = usePortal();
  return (
    <main className="login">
      <div className="login__panel card">
        <p className="login__brand">{title}</p>
        <h1 className="login__title">Choose your password</h1>
        <p className="login__intro">
          You signed in as <strong>{session?.email}</strong> with a one-time password. Choose your own to continue; only
          you will know it.
        </p>
        <ChangePasswordForm
          currentLabel="One-time password"
          submitLabel="Save and continue"
          onChanged={() => toast.success("Your password was saved.")}
        />
        <button
          type="button"
          className="button button--secondary login__other"
          onClick={() => signOutAsAsked(auth).catch(reportError)}
        >
          Sign out
        </button>
      </div>
    </main>
  );
}
