/** What the window shows when the portal cannot start: the reason and a way to try again. */
import { FullPageMessage } from "../ui/full-page-message.tsx";
import { BootError } from "./runtime-config.ts";

export function BootErrorPage({ error }: { error: unknown }) {
  const message = error instanceof BootError ? error.message : "The portal could not start.";
  const details = error instanceof BootError ? error.details : [];
  return (
    <FullPageMessage title="The portal cannot start" role="alert">
      <p>{message}</p>
      {details.length > 0 && (
        <ul>
          {details.map((detail) => (
            <li key={detail}>
              <code>{detail}</code>
            </li>
          ))}
        </ul>
      )}
      <p>If this keeps happening, tell the person who runs the portal for your group.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </FullPageMessage>
  );
}
