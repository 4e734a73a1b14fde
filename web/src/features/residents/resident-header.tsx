/** The heading of a resident's pages: their name (or the page's title), status, home and room. */
import type { ReactNode } from "react";
import type { TRecordOf } from "@care/core/registry";
import { facilityName, facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { roomAndBed, statusPill } from "./resident-format.ts";

export function ResidentHeader({
  resident: r,
  title,
  actions,
  children,
}: {
  resident: TRecordOf<"residents">;
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { facilities } = useFacilities();
  const pill = statusPill(r, facilityToday(facilities, r.facilityId));
  return (
    <PageHeader title={title} actions={actions}>
      <p className="resident-detail__summary">
        <span className={pill.className}>{pill.label}</span> {facilityName(facilities, r.facilityId)}
        {roomAndBed(r) && ` · Room ${roomAndBed(r)}`}
      </p>
      {children}
    </PageHeader>
  );
}
