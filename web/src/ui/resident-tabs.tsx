/** The tabs of one resident's pages, shared by the residents, medical-records and rent-tracker features. */
import { paths } from "../lib/paths.ts";
import { Tabs } from "./tabs.tsx";

export function ResidentTabs({ residentId }: { residentId: string }) {
  const r = paths.residents;
  return (
    <Tabs
      label="Resident record"
      tabs={[
        { label: "Face sheet", to: r.detail.href(residentId) },
        { label: "Documents", to: r.documents.href(residentId) },
        { label: "Medical", to: r.medical.href(residentId) },
        { label: "Rent", to: r.rent.href(residentId) },
        { label: "History", to: r.history.href(residentId) },
      ]}
    />
  );
}
