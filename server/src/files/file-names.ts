/**
 * Uploaded file names are shown to people and offered back on download, never used as a path: they
 * are cleaned for display and sent in an RFC 6266 / RFC 5987 Content-Disposition header, with the
 * extension of the type the bytes were sniffed as (`downloadName` in @care/core/rules/file-type.rules,
 * the same on every backend: a PDF named ".html" is offered as ".pdf").
 */
const MAX_NAME_LENGTH = 255;
// Matching control characters is the point here: they are removed from names.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Bidirectional overrides and isolates (e.g. U+202E) disguise extensions: "gpj.exe" shown as "exe.jpg". */
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /[<>:"|?*]/g;

/** The name to store and show: no folders, control or bidi characters, at most 255 characters. */
export function displayName(raw: string | undefined): string {
  const last = (raw ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  let name = last.replace(CONTROL, "").replace(BIDI, "").replace(RESERVED, "_").trim().replace(/^\.+/, "").trim();
  if (name === "") return "file";
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf(".");
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return name;
}

/**
 * `attachment` (download) or `inline` (view) with an ASCII fallback `filename` and the exact UTF-8
 * name in `filename*`, so no name can break out of the header or be misread as a path.
 */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
