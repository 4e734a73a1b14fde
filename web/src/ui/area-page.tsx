/**
 * The frame of an area page: its heading, what the area is for, and an empty state that says what the
 * page holds for the facility chosen in the header and where to read how it works.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useFacilityScope } from "../lib/facility-scope.ts";
import "./area-page.css";
import { paths } from "../lib/paths.ts";

export interface TAreaPageProps {
  title: string;
  /** One or two sentences: what this page is for. */
  intro: string;
  /** Heading of the empty state, e.g. "No residents yet". */
  emptyTitle: string;
  /** What to do about it. */
  emptyText: ReactNode;
  /** Whether the page follows the header's facility selector. */
  facilityScoped?: boolean;
  /** The Help section that explains this area. */
  helpAnchor: string;
  /** Further links of the empty state (e.g. to the add form). */
  actions?: readonly { label: string; to: string }[];
}

export function AreaPage({
  title,
  intro,
  emptyTitle,
  emptyText,
  facilityScoped = false,
  helpAnchor,
  actions = [],
}: TAreaPageProps) {
  const { scope } = useFacilityScope();
  return (
    <article className="area-page" aria-labelledby="page-title">
      <header className="area-page__header">
        <h1 id="page-title">{title}</h1>
        <p className="area-page__intro">{intro}</p>
        {facilityScoped && (
          <p className="area-page__scope">
            <span className="area-page__scope-label">Facility:</span> {scope}
          </p>
        )}
      </header>
      <section className="empty-state card" aria-labelledby="empty-title">
        <h2 id="empty-title">{emptyTitle}</h2>
        <div className="empty-state__text">{emptyText}</div>
        <p className="empty-state__links">
          {actions.map((action) => (
            <Link key={action.to} className="button" to={action.to}>
              {action.label}
            </Link>
          ))}
          <Link className="button button--secondary" to={paths.help.href(helpAnchor)}>
            How this page works
          </Link>
        </p>
      </section>
    </article>
  );
}
