/**
 * The Referral Agents area's routes: the agent list answers at both `/agencies` and `/referral-agents`,
 * as the seed lists both; Referral Logs, its pipeline, and a referral's pages live under
 * `/referral-agents/logs`.
 */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

const list = () => import("./agents-page.tsx");
const form = () => import("./agent-form-page.tsx");
const referralForm = () => import("./referral-form-page.tsx");
const AgentListPage = lazyPage(list, "AgentListPage");

export const referralAgentsRoutes: TRouteDef[] = [
  { path: paths.agents.agencies.path, Page: AgentListPage, access: needs("referrals") },
  { path: paths.agents.list.path, Page: AgentListPage, access: needs("referrals") },
  { path: paths.agents.add.path, Page: lazyPage(form, "AddAgentPage"), access: needs("referrals", "write") },
  {
    path: paths.agents.logs.path,
    Page: lazyPage(() => import("./referral-logs-page.tsx"), "ReferralLogsPage"),
    access: needs("referrals"),
  },
  {
    path: paths.agents.pipeline.path,
    Page: lazyPage(() => import("./referral-pipeline-page.tsx"), "ReferralPipelinePage"),
    access: needs("referrals"),
  },
  {
    path: paths.agents.logReferral.path,
    Page: lazyPage(referralForm, "LogReferralPage"),
    access: needs("referrals", "write"),
  },
  {
    path: paths.agents.referral.path,
    Page: lazyPage(() => import("./referral-detail-page.tsx"), "ReferralDetailPage"),
    access: needs("referrals"),
  },
  {
    path: paths.agents.editReferral.path,
    Page: lazyPage(referralForm, "EditReferralPage"),
    access: needs("referrals", "write"),
  },
  {
    path: paths.agents.detail.path,
    Page: lazyPage(() => import("./agent-detail-page.tsx"), "AgentDetailPage"),
    access: needs("referrals"),
  },
  { path: paths.agents.edit.path, Page: lazyPage(form, "EditAgentPage"), access: needs("referrals", "write") },
];
