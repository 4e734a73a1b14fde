/** The seed's top navigation (medium screens and wider; the bottom tab bar takes its place on phones). */
import { Link, useLocation } from "react-router-dom";
import { currentMarker, TOP_NAV } from "../navigation.ts";
import { useReminderCountParts } from "./reminder-count-badge.tsx";

export function TopNav() {
  const { pathname } = useLocation();
  const count = useReminderCountParts();
  return (
    <nav className="top-nav" aria-label="Main">
      <ul className="top-nav__list">
        {TOP_NAV.map((section) => (
          <li key={section.id}>
            <Link
              to={section.to}
              className="top-nav__link"
              aria-current={currentMarker(section.to, pathname, section)}
              aria-describedby={section.id === "reminders" ? count.describedBy : undefined}
            >
              {section.label}
              {section.id === "reminders" && count.badge}
            </Link>
            {section.id === "reminders" && count.description}
          </li>
        ))}
      </ul>
    </nav>
  );
}
