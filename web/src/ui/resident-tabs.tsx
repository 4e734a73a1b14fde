/** The tabs of one resident's pages, shared by the residents, medical-records and rent-tracker features. */
import { Tabs } from "./tabs.tsx";

export function ResidentTabs({ residentId }: { residentId: string }) {
  const base = `/residents/${encodeURIComponent(residentId)}`;
  return (
    <Tabs
      label="Resident record"
      tabs={[
        { label: "Face sheet", to: base },
        { label: "Documents", to: `${base}/documents` },
        { label: "Medical", to: `${base}/medical` },
        { label: "Rent", to: `${base}/rent` },
        { label: "History", to: `${base}/history` },
      ]}
    />
  );
}
