/** What each report is called and says it shows: the Reports page's list and each report's heading. */
import type { TReportKind } from "@care/core/reports/reports";
import { paths } from "../../lib/paths.ts";

export const REPORT_PAGES: Record<TReportKind, { title: string; intro: string; href: () => string }> = {
  census: {
    href: paths.reports.census.href,
    title: "Census and occupancy",
    intro:
      "Residents, licensed capacity and occupancy per home on the range's last day and month by month, move-ins, move-outs by reason, and the average length of the stays that ended.",
  },
  compliance: {
    href: paths.reports.compliance.href,
    title: "Compliance",
    intro:
      "Required documents missing, expiring soon and expired for residents, staff and each home, who has open items, and how the number of open items changed month by month.",
  },
  training: {
    href: paths.reports.training.href,
    title: "Staff training",
    intro:
      "Training hours per staff member in the range, where each stands on every requirement of their position (met, short, overdue), who is short in each home, and the hours recorded month by month.",
  },
  referrals: {
    href: paths.reports.referrals.href,
    title: "Referrals",
    intro:
      "Referrals by agent and by source in the range — tours, move-ins, conversion and duplicates caught — and, with Referral fees, the agents' fees owed, invoiced and paid and the cost per move-in.",
  },
  "rent-roll": {
    href: paths.reports.rentRoll.href,
    title: "Rent roll and receivables",
    intro:
      "Each resident's rate, what was charged and paid in the range and what is owed, aged 0–30, 31–60, 61–90 and over 90 days; totals per home with vacant beds and loss to vacancy.",
  },
};
