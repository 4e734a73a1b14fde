/**
 * The charts as the report pages use them: the charting module (`report-charts.tsx`, visx) is fetched
 * when the first chart is drawn, with a blank of the same shape meanwhile, so the shell and every other
 * page load without it.
 */
import { lazy, Suspense, type ComponentProps } from "react";

const load = () => import("./report-charts.tsx");
const LazyTrend = lazy(async () => ({ default: (await load()).TrendChart }));
const LazyBars = lazy(async () => ({ default: (await load()).BarChart }));

const blank = <div className="report-chart__blank" aria-hidden="true" />;

export function TrendChart(props: ComponentProps<typeof LazyTrend>) {
  return (
    <div className="report-chart">
      <Suspense fallback={blank}>
        <LazyTrend {...props} />
      </Suspense>
    </div>
  );
}

export function BarChart(props: ComponentProps<typeof LazyBars>) {
  return (
    <div className="report-chart">
      <Suspense fallback={blank}>
        <LazyBars {...props} />
      </Suspense>
    </div>
  );
}
