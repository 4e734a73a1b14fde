/**
 * Printing a page (face sheet, receipt): `printPage` opens the browser's print dialog; importing this
 * module brings the print stylesheet that leaves out the portal's header, menus, footer and buttons
 * (anything marked `no-print`), so only the page's own content is printed.
 */
import "./print.css";

export function printPage(): void {
  window.print();
}
