/**
 * The seed's navigation, to the letter: top entries with their routes (trailing slashes included),
 * the side submenus, and the quick links. The layout, the router and the tests all read this.
 */

export interface TNavLink {
  label: string;
  to: string;
}

export type TSectionId = "reminders" | "residents" | "staff" | "referral-agents" | "facilities" | "settings";

export interface TSection extends TNavLink {
  id: TSectionId;
  /** Path prefixes (without trailing slash) that belong to this section. */
  prefixes: readonly string[];
  submenu: readonly TNavLink[];
}

export const TOP_NAV: readonly TSection[] = [
  { id: "reminders", label: "Reminders", to: "/reminders", prefixes: ["/reminders"], submenu: [] },
  {
    id: "residents",
    label: "Residents",
    to: "/residents/",
    prefixes: ["/residents"],
    submenu: [
      { label: "All Residents", to: "/residents" },
      { label: "Add New Resident", to: "/residents/add" },
      { label: "Medical Records", to: "/residents/medical-records" },
      { label: "Rent Tracker", to: "/residents/rent-tracker" },
    ],
  },
  {
    id: "staff",
    label: "Staff",
    to: "/staff/",
    prefixes: ["/staff"],
    submenu: [
      { label: "Staff Directory", to: "/staff" },
      { label: "Add New Staff", to: "/staff/add" },
      { label: "Schedules", to: "/staff/schedules" },
    ],
  },
  {
    id: "referral-agents",
    label: "Referral Agents",
    to: "/agencies/",
    prefixes: ["/agencies", "/referral-agents"],
    submenu: [
      { label: "Agent List", to: "/referral-agents" },
      { label: "Add New Agent", to: "/referral-agents/add" },
      { label: "Referral Logs", to: "/referral-agents/logs" },
    ],
  },
  { id: "facilities", label: "Facilities", to: "/facilities/", prefixes: ["/facilities"], submenu: [] },
  {
    id: "settings",
    label: "Settings",
    to: "/admin/resident-doc-config",
    prefixes: ["/admin"],
    submenu: [
      { label: "Resident Document Configuration", to: "/admin/resident-doc-config" },
      { label: "Facility Document Configuration", to: "/admin/facility-doc-config" },
      { label: "Staff Document Configuration", to: "/admin/staff-doc-config" },
    ],
  },
];

export const QUICK_LINKS: readonly TNavLink[] = [
  { label: "Reports", to: "/reports" },
  { label: "Settings", to: "/settings" },
  { label: "Help", to: "/help" },
];

export const FOOTER_LINKS: readonly TNavLink[] = [
  { label: "Privacy", to: "/privacy" },
  { label: "Terms", to: "/terms" },
];

export const HOME_PATH = "/reminders";

/** `/residents/` and `/residents` are the same page: compare paths without a trailing slash. */
export function normalizePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed === "" ? "/" : trimmed;
}

/** The top entry whose area the path is in, if any. */
export function sectionOf(pathname: string): TSection | undefined {
  const path = normalizePath(pathname);
  return TOP_NAV.find((section) => section.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)));
}

/**
 * The value of `aria-current` for a link: `page` when it leads to the page shown, `true` for the top
 * entry of the area the page is in, otherwise none.
 */
export function currentMarker(linkTo: string, pathname: string, section?: TSection): "page" | "true" | undefined {
  const here = normalizePath(pathname);
  const target = normalizePath(linkTo);
  // `/agencies/` shows the Agent List, so that entry is current there too.
  if (here === target || (here === "/agencies" && target === "/referral-agents")) return "page";
  if (section && section.to === linkTo && sectionOf(pathname)?.id === section.id) return "true";
  return undefined;
}
