/** A list's search box and filters, above its table; each control is labelled for screen readers. */
import type { ReactNode } from "react";
import "./page.css";

export function ListFilters({ children }: { children: ReactNode }) {
  return (
    <form className="list-filters" role="search" onSubmit={(event) => event.preventDefault()}>
      {children}
    </form>
  );
}

export function SearchFilter({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
}) {
  return (
    <label className="list-filters__field">
      <span>{label}</span>
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        maxLength={100}
      />
    </label>
  );
}

/** A choice of one value of `labels`, or `anyLabel` (the empty value) for all of them. */
export function SelectFilter<V extends string>({
  label,
  value,
  onChange,
  anyLabel,
  labels,
}: {
  label: string;
  value: V | "";
  onChange: (value: V | "") => void;
  anyLabel: string;
  labels: Readonly<Record<V, string>>;
}) {
  return (
    <label className="list-filters__field">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as V | "")}>
        <option value="">{anyLabel}</option>
        {(Object.keys(labels) as V[]).map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What a list shows when it has no rows: a heading, what to do, and the way to do it. */
export function ListEmpty({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="list-empty">
      <h2>{title}</h2>
      <p>{children}</p>
      {action}
    </div>
  );
}
