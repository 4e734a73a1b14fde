/** On small screens the top navigation becomes this bar at the bottom of the screen. */
import { Link, useLocation } from "react-router-dom";
import { currentMarker, TOP_NAV } from "../../app/navigation.ts";
import { NavIcon } from "../../ui/nav-icons.tsx";

export function BottomTabBar() {
  const { pathname } = useLocation();
  return (
    <nav className="bottom-tabs" aria-label="Main tabs">
      <ul className="bottom-tabs__list">
        {TOP_NAV.map((section) => (
          <li key={section.id}>
            <Link
              to={section.to}
              className="bottom-tabs__link"
              aria-current={currentMarker(section.to, pathname, section)}
            >
              <NavIcon section={section.id} />
              <span className="bottom-tabs__label">{section.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
