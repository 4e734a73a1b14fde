/**
 * The header of the seed: portal title (also the browser tab's), facility selector, the signed-in
 * e-mail, My account and Logout — one row at every width. On a phone the e-mail and Logout fold into an account button whose panel shows the
 * whole address (a cut-off e-mail tells nobody who is signed in).
 */
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { HOME_PATH } from "../navigation.ts";
import { useAuth, useSession } from "../../lib/ports.tsx";
import { useDocumentTitle, usePortalTitle } from "../../lib/portal-title.ts";
import { reportError } from "../../lib/report-error.ts";
import { FacilitySelector } from "./facility-selector.tsx";
import { NavIcon } from "./nav-icons.tsx";
import { MENU_BUTTON_ID } from "./side-menu.tsx";
import { paths } from "../../lib/paths.ts";
import { signOutAsAsked } from "../../lib/sign-out.ts";

export function AppHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const auth = useAuth();
  const session = useSession();
  const title = usePortalTitle();
  useDocumentTitle(title);
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const account = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // The account panel closes on navigation, Escape and a click elsewhere.
  useEffect(() => setAccountOpen(false), [pathname]);
  useEffect(() => {
    if (!accountOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setAccountOpen(false);
    const onClick = (event: MouseEvent) => {
      if (!account.current?.contains(event.target as Node)) setAccountOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [accountOpen]);

  const logout = async () => {
    setSigningOut(true);
    try {
      await signOutAsAsked(auth);
      navigate(paths.login.href(), { replace: true });
    } catch (error) {
      reportError(error);
      setSigningOut(false);
    }
  };

  return (
    <header className="app-header">
      <div className="app-header__brand">
        <button
          id={MENU_BUTTON_ID}
          type="button"
          className="app-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={onToggleMenu}
        >
          <NavIcon name="menu" />
          <span className="app-header__menu-label">Menu</span>
        </button>
        <Link to={HOME_PATH} className="app-header__title">
          {title}
        </Link>
      </div>
      <div className="app-header__tools">
        <FacilitySelector />
        <div className="app-header__account" ref={account}>
          <button
            type="button"
            className="app-header__account-button"
            aria-expanded={accountOpen}
            aria-controls="account-panel"
            onClick={() => setAccountOpen((open) => !open)}
          >
            <NavIcon name="account" />
            <span className="visually-hidden">Account</span>
          </button>
          <div id="account-panel" className={`app-header__account-panel${accountOpen ? " is-open" : ""}`}>
            <span className="app-header__user">
              <span className="visually-hidden">Signed in as </span>
              {session?.email}
            </span>
            <Link to={paths.settings.account.href()} className="app-header__account-link">
              My account
            </Link>
            <button
              type="button"
              className="button button--secondary app-header__logout"
              onClick={logout}
              disabled={signingOut}
            >
              Logout
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}
