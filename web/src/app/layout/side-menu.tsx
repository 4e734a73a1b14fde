/**
 * The left side menu: the submenu of the area being viewed and the quick links. On phones it folds away
 * and opens as a drawer from the header's Menu button (Escape closes it).
 */
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router-dom";
import { allows } from "../../lib/access.ts";
import { useSession } from "../../lib/ports.tsx";
import { currentMarker, HOME_PATH, QUICK_LINKS, sectionOf, type TNavLink } from "../navigation.ts";
import { useReminderCountParts } from "./reminder-count-badge.tsx";

/** The header's Menu button, which opens this menu on phones. */
export const MENU_BUTTON_ID = "menu-button";

export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = useReminderCountParts();

  useEffect(() => {
    if (!open) return;
    // Phones: the drawer takes the focus, and gives it back to the Menu button when it closes.
    if (closeButton.current?.offsetParent) closeButton.current.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        onClose();
        document.getElementById(MENU_BUTTON_ID)?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  return (
    <aside id="side-menu" className={open ? "side-menu side-menu--open" : "side-menu"}>
      <button
        ref={closeButton}
        type="button"
        className="side-menu__close"
        onClick={() => {
          onClose();
          document.getElementById(MENU_BUTTON_ID)?.focus();
        }}
      >
        Close menu
      </button>
      <nav className="side-menu__group" aria-label="Reminders due">
        <h2 className="side-menu__heading">Reminders</h2>
        <ul className="side-menu__list">
          <li>
            <Link
              to={HOME_PATH}
              className="side-menu__link side-menu__link--count"
              aria-current={currentMarker(HOME_PATH, pathname)}
              aria-describedby={count.describedBy}
            >
              Overdue and today
              {count.badge}
            </Link>
            {count.description}
          </li>
        </ul>
      </nav>
      {section && section.submenu.length > 0 && (
        <LinkGroup label={`${section.label} menu`} heading={section.label} links={section.submenu} />
      )}
      <LinkGroup label="Quick links" heading="Quick links" links={QUICK_LINKS} />
    </aside>
  );
}

/**
 * A titled group of the side menu's links, the current page's marked, without those the user's role
 * does not allow (nothing when none is left).
 */
function LinkGroup({ label, heading, links }: { label: string; heading: string; links: readonly TNavLink[] }) {
  const { pathname } = useLocation();
  const session = useSession();
  const shown = links.filter((link) => allows(session, link.access));
  if (shown.length === 0) return null;
  return (
    <nav className="side-menu__group" aria-label={label}>
      <h2 className="side-menu__heading">{heading}</h2>
      <ul className="side-menu__list">
        {shown.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="side-menu__link" aria-current={currentMarker(link.to, pathname)}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
