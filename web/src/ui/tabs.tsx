/**
 * A row of tabs that are links (each tab is its own route, so it can be bookmarked and opened in a new
 * window). The current one is marked with aria-current; the row scrolls sideways on narrow screens.
 */
import { NavLink } from "react-router-dom";
import "./tabs.css";

export interface TTab {
  label: string;
  to: string;
}

export function Tabs({ label, tabs }: { label: string; tabs: readonly TTab[] }) {
  return (
    <nav className="tabs" aria-label={label}>
      <ul className="tabs__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              end
              to={tab.to}
              className={({ isActive }) => (isActive ? "tabs__tab tabs__tab--current" : "tabs__tab")}
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
