/**
 * The tabs of one resident's pages, shared by the residents, medical-records and rent-tracker features;
 * a tab the user's role does not allow is not shown.
 */
import { useCan } from "../lib/access.ts";
import { paths } from "../lib/paths.ts";
import { Tabs } from "./tabs.tsx";

export function ResidentTabs({ residentId }: { residentId: string }) {
  const r = paths.residents;
  const can = useCan();
  return (
    <Tabs
      label="Resident record"
      tabs={[
        { label: "Face sheet", to: r.detail.href(residentId) },
        ...(can("documents") ? [{ label: "Documents", to: r.documents.href(residentId) }] : []),
        ...(can("medical") ? [{ label: "Medical", to: r.medical.href(residentId) }] : []),
        ...(can("rent") ? [{ label: "Rent", to: r.rent.href(residentId) }] : []),
        { label: "History", to: r.history.href(residentId) },
      ]}
    />
  );
}
