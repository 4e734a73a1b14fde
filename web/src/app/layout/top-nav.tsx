/**
 * The seed's top navigation: across the top on medium screens and wider, and on phones the same entries
 * as a bar at the bottom of the screen, with icons, and there one more: On duty, the rota of today.
 * Reminders carries the count of what is due.
 */
import { Link, useLocation } from "react-router-dom";
import { allows } from "../../lib/access.ts";
import { useSession } from "../../lib/ports.tsx";
import { BOTTOM_EXTRA, currentMarker, entryOf, TOP_NAV } from "../navigation.ts";
import { NavIcon } from "./nav-icons.tsx";
import { useReminderCountParts } from "./reminder-count-badge.tsx";

function MainNav({ variant }: { variant: "top" | "bottom" }) {
  const { pathname } = useLocation();
  const count = useReminderCountParts();
  const block = variant === "top" ? "top-nav" : "bottom-tabs";
  const session = useSession();
  return (
    <nav className={block} aria-label={variant === "top" ? "Main" : "Main tabs"}>
      <ul className={`${block}__list`}>
        {TOP_NAV.filter((section) => allows(session, section.access)).flatMap((section) => [
          <li key={section.id}>
            <Link
              to={entryOf(section, session)}
              className={`${block}__link`}
              aria-current={currentMarker(section.to, pathname, section)}
              aria-describedby={section.id === "reminders" ? count.describedBy : undefined}
            >
              {variant === "top" ? (
                section.label
              ) : (
                <>
                  <NavIcon name={section.id} />
                  <span className="bottom-tabs__label">{section.label}</span>
                </>
              )}
              {section.id === "reminders" && count.badge}
            </Link>
            {section.id === "reminders" && count.description}
          </li>,
          // The phone's extra tab, the rota of today, after its section.
          ...(variant === "bottom" && section.id === BOTTOM_EXTRA.after && allows(session, BOTTOM_EXTRA.access)
            ? [
                <li key={BOTTOM_EXTRA.id}>
                  <Link
                    to={BOTTOM_EXTRA.to}
                    className={`${block}__link`}
                    aria-current={currentMarker(BOTTOM_EXTRA.to, pathname)}
                  >
                    <NavIcon name={BOTTOM_EXTRA.id} />
                    <span className="bottom-tabs__label">{BOTTOM_EXTRA.label}</span>
                  </Link>
                </li>,
              ]
            : []),
        ])}
      </ul>
    </nav>
  );
}

export function TopNav() {
  return <MainNav variant="top" />;
}

/** On small screens the top navigation becomes this bar at the bottom of the screen. */
export function BottomTabBar() {
  return <MainNav variant="bottom" />;
}
