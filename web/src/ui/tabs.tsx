/**
 * A row of tabs that are links (each tab is its own route, so it can be bookmarked and opened in a new
 * window). The current one is marked with aria-current. On a phone the tabs are compact enough to fit;
 * a longer row scrolls sideways with the current tab kept in view.
 */
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router-dom";
import "./tabs.css";

export interface TTab {
  label: string;
  to: string;
}

export function Tabs({ label, tabs }: { label: string; tabs: readonly TTab[] }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = ref.current;
    const current = row?.querySelector<HTMLElement>("[aria-current=page]");
    if (row && current && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <nav ref={ref} className="tabs" aria-label={label}>
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
