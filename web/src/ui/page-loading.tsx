/** Shown inside the layout while a page's code downloads. */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      Loading...
    </p>
  );
}
