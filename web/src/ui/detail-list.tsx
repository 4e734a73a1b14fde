/** A record's details as a list of label and value pairs (a facility's, an agent's): "Not recorded" when empty. */
import type { ReactNode } from "react";
import "./detail-list.css";

export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="detail-list">{children}</dl>;
}

export function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="detail-list__item">
      <dt>{label}</dt>
      <dd>{value === undefined || value === null || value === "" ? "Not recorded" : value}</dd>
    </div>
  );
}
