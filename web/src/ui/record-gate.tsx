/**
 * A page about one record: "Loading…" until it is read, the page's own "not found" when it does not
 * exist (or is in a facility the user may not see), and the page itself once it is there.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { TRecordState } from "../lib/records/use-records.ts";
import { PageLoading } from "./page-loading.tsx";

export function RecordGate<T>({
  state,
  notFound,
  children,
}: {
  state: TRecordState<T>;
  notFound: ReactNode;
  children: (record: T) => ReactNode;
}) {
  if (state.missing) return notFound;
  if (state.record === undefined) {
    if (state.loading) return <PageLoading />;
    return (
      <p className="alert" role="alert">
        This record could not be loaded. Reload the page to try again.
      </p>
    );
  }
  return children(state.record);
}

/** The "not found" page of a kind of record, with the way back to its list. */
export function RecordNotFound({
  title,
  children,
  back,
}: {
  title: string;
  children: ReactNode;
  back: { label: string; to: string };
}) {
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        {title}
      </h1>
      <p>{children}</p>
      <Link className="button" to={back.to}>
        {back.label}
      </Link>
    </article>
  );
}
