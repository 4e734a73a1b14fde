/**
 * The seed's navigation, to the letter: top entries with their routes (trailing slashes included),
 * the side submenus, and the quick links, all built from the typed paths. The layout and the tests
 * read this.
 */
import { allows, needs, SETTINGS_ACCESS, type TAccess } from "../lib/access.ts";
import { paths } from "../lib/paths.ts";

export interface TNavLink {
  label: string;
  to: string;
  /** What the role must allow for the link to be shown (absent: everyone signed in). */
  access?: TAccess;
}

export type TSectionId = "reminders" | "residents" | "staff" | "referral-agents" | "facilities" | "settings";

export interface TSection extends TNavLink {
  id: TSectionId;
  /** Path prefixes (without trailing slash) that belong to this section. */
  prefixes: readonly string[];
  submenu: readonly TNavLink[];
}

export const TOP_NAV: readonly TSection[] = [
  { id: "reminders", label: "Reminders", to: paths.reminders.href(), prefixes: [paths.reminders.path], submenu: [] },
  {
    id: "residents",
    label: "Residents",
    to: `${paths.residents.list.path}/`,
    prefixes: [paths.residents.list.path],
    access: needs("residents"),
    submenu: [
      { label: "All Residents", to: paths.residents.list.href() },
      { label: "Add New Resident", to: paths.residents.add.href(), access: needs("residents", "write") },
      { label: "Medical Records", to: paths.residents.medicalRecords.href(), access: needs("medical") },
      { label: "Rent Tracker", to: paths.residents.rentTracker.href(), access: needs("rent") },
    ],
  },
  {
    id: "staff",
    label: "Staff",
    to: `${paths.staff.list.path}/`,
    prefixes: [paths.staff.list.path],
    // A caregiver reads the published rota without the staff records: the area opens on Schedules.
    access: [...needs("staff"), ...needs("schedules")],
    submenu: [
      { label: "Staff Directory", to: paths.staff.list.href(), access: needs("staff") },
      { label: "Add New Staff", to: paths.staff.add.href(), access: needs("staff", "write") },
      { label: "Schedules", to: paths.staff.schedules.href(), access: needs("schedules") },
    ],
  },
  {
    id: "referral-agents",
    label: "Referral Agents",
    to: `${paths.agents.agencies.path}/`,
    prefixes: [paths.agents.agencies.path, paths.agents.list.path],
    access: needs("referrals"),
    submenu: [
      { label: "Agent List", to: paths.agents.list.href() },
      { label: "Add New Agent", to: paths.agents.add.href(), access: needs("referrals", "write") },
      { label: "Referral Logs", to: paths.agents.logs.href() },
    ],
  },
  {
    id: "facilities",
    label: "Facilities",
    to: `${paths.facilities.list.path}/`,
    prefixes: [paths.facilities.list.path],
    access: needs("facilities"),
    submenu: [],
  },
  {
    id: "settings",
    label: "Settings",
    to: paths.docConfig.resident.href(),
    // The seed's two entries (this one and the quick link to /settings) lead into one Settings area.
    prefixes: ["/admin", paths.settings.hub.path],
    access: SETTINGS_ACCESS,
    submenu: [
      { label: "Users", to: paths.settings.users.href(), access: needs("users") },
      { label: "Roles", to: paths.settings.roles.href(), access: needs("users") },
      { label: "Audit log", to: paths.auditLog.href(), access: needs("audit") },
      { label: "Resident Document Configuration", to: paths.docConfig.resident.href(), access: needs("documents") },
      { label: "Facility Document Configuration", to: paths.docConfig.facility.href(), access: needs("documents") },
      { label: "Staff Document Configuration", to: paths.docConfig.staff.href(), access: needs("documents") },
      { label: "Agent Document Configuration", to: paths.docConfig.agent.href(), access: needs("documents") },
      { label: "Training requirements", to: paths.staff.requirements.href(), access: needs("schedules") },
      { label: "Portal title", to: paths.settings.portalTitle.href(), access: needs("users") },
      { label: "Export and import", to: paths.settings.dataTransfer.href(), access: needs("export") },
      { label: "My account", to: paths.settings.account.href() },
    ],
  },
];

/** The phone's bottom bar adds, after Staff, the rota of today: who is on duty now and next. */
export const BOTTOM_EXTRA: TNavLink & { id: "on-duty"; after: TSectionId } = {
  id: "on-duty",
  label: "On duty",
  to: paths.staff.today.href(),
  access: needs("schedules"),
  after: "staff",
};

export const QUICK_LINKS: readonly TNavLink[] = [
  { label: "Reports", to: paths.reports.list.href(), access: needs("reports") },
  { label: "Settings", to: paths.settings.hub.href(), access: SETTINGS_ACCESS },
  { label: "Help", to: paths.help.href() },
];

export const FOOTER_LINKS: readonly TNavLink[] = [
  { label: "Privacy", to: paths.privacy.href() },
  { label: "Terms", to: paths.terms.href() },
];

export const HOME_PATH = paths.reminders.href();

/**
 * Where a top entry leads this user: the area's own page, or — when the role may not open it but may
 * open another page of the area (a caregiver's Schedules under Staff) — the first such page.
 */
export function entryOf(section: TSection, user: Parameters<typeof allows>[0]): string {
  const own = section.submenu.find((link) => link.to === section.to.replace(/\/$/, ""));
  if (!own || allows(user, own.access)) return section.to;
  return section.submenu.find((link) => allows(user, link.access))?.to ?? section.to;
}

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
  if (here === target || (here === paths.agents.agencies.path && target === paths.agents.list.path)) return "page";
  if (section && section.to === linkTo && sectionOf(pathname)?.id === section.id) return "true";
  return undefined;
}
