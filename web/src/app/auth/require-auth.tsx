/**
 * The seed's auth flow for every page but /login: a loading text while the sign-in state is unknown,
 * "Redirecting to login..." and a redirect for signed-out visitors (remembering the page they asked
 * for), the page itself for signed-in staff — after they chose their own password when they signed in
 * with a one-time one.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useSession } from "../../lib/ports.tsx";
import { FullPageMessage } from "../../ui/full-page-message.tsx";
import { lazyPage } from "../../lib/lazy-page.ts";

// Only a user on a one-time password sees it: a chunk of its own, not part of every first load.
const ChoosePasswordPage = lazyPage(() => import("./choose-password-page.tsx"), "ChoosePasswordPage");
import { paths } from "../../lib/paths.ts";
import { takeAskedSignOut } from "../../lib/sign-out.ts";

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = session === null;
  // Whose session this page was in: after sign-in, only they come back to it.
  const lastUserId = useRef<string | undefined>(undefined);
  if (session) lastUserId.current = session.id;

  useEffect(() => {
    if (!signedOut) return;
    // After Logout the next person starts afresh; a session that ended keeps the page for its user.
    if (takeAskedSignOut()) return void navigate(paths.login.href(), { replace: true });
    navigate(paths.login.href(), {
      replace: true,
      state: {
        from: `${location.pathname}${location.search}${location.hash}`,
        ...(lastUserId.current ? { userId: lastUserId.current } : {}),
      },
    });
  }, [signedOut, navigate, location.pathname, location.search, location.hash]);

  if (session === undefined) return <FullPageMessage>Loading...</FullPageMessage>;
  if (session === null) return <FullPageMessage>Redirecting to login...</FullPageMessage>;
  if (session.mustChangePassword) return <ChoosePasswordPage />;
  return children;
}
