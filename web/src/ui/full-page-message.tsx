/** A message that fills the window: loading, redirecting, or why the portal cannot start. */
import type { ReactNode } from "react";
import "./full-page-message.css";

export function FullPageMessage({
  title,
  children,
  role = "status",
}: {
  title?: string;
  children: ReactNode;
  role?: "status" | "alert";
}) {
  return (
    <main className="full-page-message">
      <div className="full-page-message__box" role={role}>
        {title && <h1>{title}</h1>}
        {children}
      </div>
    </main>
  );
}
