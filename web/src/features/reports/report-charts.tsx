/**
 * The reports' charts, drawn as SVG with visx (scales, axes and shapes from the airbnb visualisation
 * primitives; kept, small, and without a runtime of its own): a trend line and grouped bars. This module
 * is loaded only when a report draws its first chart (`report-chart.tsx`), so no other page pays for it.
 * Each chart is an image with a title and a description for screen readers; the table of its numbers is
 * always beside it. A fixed view box scales to its column and prints crisply.
 */
import { AxisBottom, AxisLeft, type AxisScale } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear, scalePoint } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { useId } from "react";

const HEIGHT = 260;
const MARGIN = { top: 16, right: 24, bottom: 40, left: 68 };
const INNER_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;

/**
 * The chart's width in its own units: narrower on a phone, so its text stays readable when the image
 * fills the screen's width (the view box scales to the column either way).
 */
function chartWidth(): { width: number; inner: number; labels: number } {
  const narrow = typeof window !== "undefined" && window.matchMedia("(max-width: 40rem)").matches;
  const width = narrow ? 360 : 640;
  return { width, inner: width - MARGIN.left - MARGIN.right, labels: narrow ? 3 : 7 };
}
/** Series colours: the portal's blue, then an orange and a grey that stay apart for colour-blind readers and in grey print. */
export const SERIES_COLOURS = ["#1f5f8b", "#c0621b", "#6b7785"] as const;

const tickLabel = { fill: "#4a5866", fontSize: 14, fontFamily: "inherit" } as const;

/** Every other (or third…) label when there are many, so month names do not overlap. */
function sparse(labels: readonly string[], most: number): (label: string) => string {
  const step = Math.ceil(labels.length / most);
  return (label) => (labels.indexOf(label) % step === 0 ? label : "");
}

interface TFrameProps {
  title: string;
  description: string;
  /** The category axis: its scale and the labels it shows. */
  x: AxisScale;
  labels: readonly string[];
  size: ReturnType<typeof chartWidth>;
  /** The value axis, counting from zero. */
  y: ReturnType<typeof scaleLinear<number>>;
  format: (value: number) => string;
  children: React.ReactNode;
}

/** The chart's image with its title and description, both axes, and the marks inside. */
function Frame({ title, description, x, labels, size, y, format, children }: TFrameProps) {
  const id = useId();
  return (
    <svg
      className="report-chart__svg"
      viewBox={`0 0 ${size.width} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <AxisLeft
          scale={y}
          tickValues={countTicks(y)}
          tickFormat={(v) => format(Number(v))}
          tickLabelProps={tickLabel}
          stroke="#d3dae1"
        />
        <AxisBottom
          top={INNER_HEIGHT}
          scale={x}
          tickFormat={sparse(labels, size.labels)}
          tickLabelProps={tickLabel}
          stroke="#d3dae1"
        />
        {children}
      </Group>
    </svg>
  );
}

export interface TTrendChartProps {
  title: string;
  points: readonly { label: string; value: number | null }[];
  /** How the axis shows a value ("50%"). */
  format: (value: number) => string;
  /** The axis' top at least (100 for percents). */
  minTop?: number;
}

/** Whole-number ticks only, for counts (no "1.5 move-ins"). */
function countTicks(y: { ticks: (count: number) => number[] }): number[] {
  return y.ticks(5).filter(Number.isInteger);
}

/** One value over time (occupancy by month): a line with a dot per point; a missing value breaks the line. */
export function TrendChart({ title, points, format, minTop = 1 }: TTrendChartProps) {
  const labels = points.map((p) => p.label);
  const size = chartWidth();
  const x = scalePoint<string>({ domain: labels, range: [0, size.inner], padding: 0.5 });
  const top = Math.max(minTop, ...points.map((p) => p.value ?? 0));
  const y = scaleLinear<number>({ domain: [0, top], range: [INNER_HEIGHT, 0], nice: true });
  const shown = points.filter((p): p is { label: string; value: number } => p.value !== null);
  const description = points.map((p) => `${p.label}: ${p.value === null ? "none" : format(p.value)}`).join("; ");
  return (
    <Frame title={title} description={description} x={x} labels={labels} size={size} y={y} format={format}>
      <LinePath
        data={shown}
        x={(p) => x(p.label) ?? 0}
        y={(p) => y(p.value)}
        defined={(p) => p.value !== null}
        stroke={SERIES_COLOURS[0]}
        strokeWidth={2.5}
      />
      {shown.map((p) => (
        <circle key={p.label} cx={x(p.label) ?? 0} cy={y(p.value)} r={3.5} fill={SERIES_COLOURS[0]} />
      ))}
    </Frame>
  );
}

export interface TBarChartProps {
  title: string;
  categories: readonly string[];
  /** Up to three series drawn side by side in each category. */
  series: readonly { name: string; values: readonly number[] }[];
  format?: (value: number) => string;
}

/** A few series per category (move-ins and move-outs per month): grouped bars with a legend. */
export function BarChart({ title, categories, series, format = String }: TBarChartProps) {
  const size = chartWidth();
  const x = scaleBand<string>({ domain: [...categories], range: [0, size.inner], padding: 0.25 });
  const inner = scaleBand<number>({
    domain: series.map((_, i) => i),
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  const y = scaleLinear<number>({ domain: [0, top], range: [INNER_HEIGHT, 0], nice: true });
  const description = categories
    .map((c, ci) => `${c}: ${series.map((s) => `${s.name} ${format(s.values[ci] ?? 0)}`).join(", ")}`)
    .join("; ");
  return (
    <figure className="report-chart__figure">
      <Frame title={title} description={description} x={x} labels={categories} size={size} y={y} format={format}>
        {categories.map((category, ci) => (
          <Group key={category} left={x(category) ?? 0}>
            {series.map((s, si) => {
              const value = s.values[ci] ?? 0;
              return (
                <Bar
                  key={s.name}
                  x={inner(si) ?? 0}
                  y={y(value)}
                  width={inner.bandwidth()}
                  height={INNER_HEIGHT - y(value)}
                  fill={SERIES_COLOURS[si % SERIES_COLOURS.length]}
                />
              );
            })}
          </Group>
        ))}
      </Frame>
      <figcaption className="report-chart__legend" aria-hidden="true">
        {series.map((s, si) => (
          <span key={s.name}>
            <span className="report-chart__swatch" style={{ background: SERIES_COLOURS[si % SERIES_COLOURS.length] }} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
