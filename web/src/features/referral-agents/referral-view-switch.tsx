/** The two views of Referral Logs: a list of every referral, or the open ones as columns by status. */
import { Link } from "react-router-dom";
import { paths } from "../../lib/paths.ts";

export function ReferralViewSwitch({ current }: { current: "list" | "pipeline" }) {
  return (
    <nav className="referral-views" aria-label="Referral views">
      <Link to={paths.agents.logs.href()} aria-current={current === "list" ? "page" : undefined}>
        List
      </Link>
      <Link to={paths.agents.pipeline.href()} aria-current={current === "pipeline" ? "page" : undefined}>
        Pipeline
      </Link>
    </nav>
  );
}
