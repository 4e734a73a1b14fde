/**
 * The left side menu: the submenu of the area being viewed and the quick links. On phones it folds away
 * and opens as a drawer from the header's Menu button (Escape closes it).
 */
import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { currentMarker, QUICK_LINKS, sectionOf } from "../../app/navigation.ts";

export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const section = sectionOf(pathname);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  return (
    <aside id="side-menu" className={open ? "side-menu side-menu--open" : "side-menu"}>
      {section && section.submenu.length > 0 && (
        <nav className="side-menu__group" aria-label={`${section.label} menu`}>
          <h2 className="side-menu__heading">{section.label}</h2>
          <ul className="side-menu__list">
            {section.submenu.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="side-menu__link" aria-current={currentMarker(link.to, pathname)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <nav className="side-menu__group" aria-label="Quick links">
        <h2 className="side-menu__heading">Quick links</h2>
        <ul className="side-menu__list">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="side-menu__link" aria-current={currentMarker(link.to, pathname)}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
