/** A record's details as labelled values: `<SheetGrid>` of `<SheetItem label=…>`; nothing shows as "—". */
import type { ReactNode } from "react";
import "./record-sheet.css";

export function SheetGrid({ children }: { children: ReactNode }) {
  return <dl className="sheet__grid">{children}</dl>;
}

export function SheetItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sheet__item">
      <dt>{label}</dt>
      <dd>{children === undefined || children === "" ? "—" : children}</dd>
    </div>
  );
}
