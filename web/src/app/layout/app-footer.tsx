/** The footer of the seed: links to the privacy notice and the terms of use. */
import { Link } from "react-router-dom";
import { FOOTER_LINKS } from "../navigation.ts";
import { usePortal } from "../../lib/ports.tsx";

export function AppFooter() {
  const { title } = usePortal();
  return (
    <footer className="app-footer">
      <span>{title}</span>
      <ul className="app-footer__links">
        {FOOTER_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </footer>
  );
}
