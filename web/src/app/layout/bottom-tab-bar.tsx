/** On small screens the top navigation becomes this bar at the bottom of the screen. */
import { Link, useLocation } from "react-router-dom";
import { currentMarker, TOP_NAV } from "../navigation.ts";
import { NavIcon } from "./nav-icons.tsx";
import { useReminderCountParts } from "./reminder-count-badge.tsx";

export function BottomTabBar() {
  const { pathname } = useLocation();
  const count = useReminderCountParts();
  return (
    <nav className="bottom-tabs" aria-label="Main tabs">
      <ul className="bottom-tabs__list">
        {TOP_NAV.map((section) => (
          <li key={section.id}>
            <Link
              to={section.to}
              className="bottom-tabs__link"
              aria-current={currentMarker(section.to, pathname, section)}
              aria-describedby={section.id === "reminders" ? count.describedBy : undefined}
            >
              <NavIcon section={section.id} />
              <span className="bottom-tabs__label">{section.label}</span>
              {section.id === "reminders" && count.badge}
            </Link>
            {section.id === "reminders" && count.description}
          </li>
        ))}
      </ul>
    </nav>
  );
}
