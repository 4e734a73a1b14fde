/**
 * The charts as the report pages use them: the charting module (`report-charts.tsx`, visx) is fetched
 * when the first chart is drawn, with a blank of the same shape meanwhile, so the shell and every other
 * page load without it.
 */
import { lazy, Suspense, type ComponentProps } from "react";
import { monthShort } from "./report-range.ts";

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

/** Bars by month: one series per `[name, figure of a month]`, the months as "Jan 2026". */
export function MonthlyBars<T extends { month: string }>({
  title,
  months,
  series,
}: {
  title: string;
  months: readonly T[];
  series: readonly [name: string, value: (month: T) => number][];
}) {
  return (
    <BarChart
      title={title}
      categories={months.map((m) => monthShort(m.month))}
      series={series.map(([name, value]) => ({ name, values: months.map(value) }))}
    />
  );
}
