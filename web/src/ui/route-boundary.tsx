/**
 * One error boundary per route: a page that throws shows what happened and a Retry button inside the
 * layout, never a white screen. A page whose code could not be downloaded (a new version was deployed,
 * or the network dropped) is retried by reloading, because a failed lazy import is not retried by React.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { describeError } from "../lib/report-error.ts";
import "./route-boundary.css";

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

export class RouteBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("A page failed to render", error, info.componentStack);
  }

  private readonly retry = () => {
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: undefined, failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const message = isChunkLoadError(this.state.error)
      ? "This page could not be downloaded. Check the network connection, then retry."
      : describeError(this.state.error);
    return (
      <section className="route-error card" role="alert" aria-labelledby="route-error-title">
        <h1 id="route-error-title">This page could not be shown</h1>
        <p>{message}</p>
        <button type="button" className="button" onClick={this.retry}>
          Retry
        </button>
      </section>
    );
  }
}
