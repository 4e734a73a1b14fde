/** The header of the seed: portal title, facility selector, the signed-in e-mail and Logout. */
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { HOME_PATH } from "../navigation.ts";
import { useAuth, usePortal, useSession } from "../../lib/ports.tsx";
import { reportError } from "../../lib/report-error.ts";
import { FacilitySelector } from "./facility-selector.tsx";
import { MENU_BUTTON_ID } from "./side-menu.tsx";
import { paths } from "../../lib/paths.ts";

export function AppHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const auth = useAuth();
  const session = useSession();
  const { title } = usePortal();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const logout = async () => {
    setSigningOut(true);
    try {
      await auth.signOut();
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
          Menu
        </button>
        <Link to={HOME_PATH} className="app-header__title">
          {title}
        </Link>
      </div>
      <div className="app-header__tools">
        <FacilitySelector />
        <span className="app-header__user" title={session?.email}>
          <span className="visually-hidden">Signed in as </span>
          {session?.email}
        </span>
        <button
          type="button"
          className="button button--secondary app-header__logout"
          onClick={logout}
          disabled={signingOut}
        >
          Logout
        </button>
      </div>
    </header>
  );
}
