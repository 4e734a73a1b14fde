/**
 * The top of every page: its title (the `page-title` heading that focus moves to), what it is for,
 * which facility it shows (with a count), and its actions.
 */
import type { ReactNode } from "react";
import "./page.css";

export interface TPageHeaderProps {
  title: ReactNode;
  /** One or two sentences: what this page is for. */
  intro?: ReactNode;
  /** "Facility: Tull" and what follows it (e.g. " · 12 residents"). */
  scope?: { label: string; value: ReactNode; extra?: ReactNode };
  actions?: ReactNode;
  /** More lines under the title (a summary, badges). */
  children?: ReactNode;
}

export function PageHeader({ title, intro, scope, actions, children }: TPageHeaderProps) {
  return (
    <header className="page__header">
      <div>
        <h1 id="page-title" tabIndex={-1}>
          {title}
        </h1>
        {intro && <p className="page__intro">{intro}</p>}
        {scope && (
          <p className="page__scope">
            <span className="page__scope-label">{scope.label}</span> {scope.value}
            {scope.extra}
          </p>
        )}
        {children}
      </div>
      {actions && <div className="page__actions no-print">{actions}</div>}
    </header>
  );
}

/** " · 12 residents" / " · 1 resident matches": the count after a list's scope, once known. */
export function countText(total: number | null, [one, many]: readonly [string, string], filtered: boolean): string {
  if (total === null) return "";
  return ` · ${total} ${total === 1 ? one : many}${filtered ? (total === 1 ? " matches" : " match") : ""}`;
}
