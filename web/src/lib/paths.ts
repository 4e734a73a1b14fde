/**
 * Every route of the portal in one place (bulletproof-react's `config/paths.ts`): `path` is the
 * router's pattern, `href(...)` builds a link to it. The router, the navigation and every link read
 * these, so a route is renamed in one line and a link cannot point at a route that does not exist.
 */
import type { TAccess } from "./access.ts";
import type { TLazyPage } from "./lazy-page.ts";

const segment = (value: string) => encodeURIComponent(value);

/** A route without parameters. */
function fixed<P extends string>(path: P) {
  return { path, href: () => path };
}

/** A route under one record: `base/:id` followed by `rest`. */
function ofRecord<B extends string, R extends string>(base: B, rest: R) {
  return {
    path: `${base}/:id${rest}` as `${B}/:id${R}`,
    href: (id: string) => `${base}/${segment(id)}${rest}`,
  };
}

/** The audit log's filters as they appear in its address (every one optional). */
export interface TAuditLogLink {
  /** The acting user's id. */
  user?: string;
  action?: string;
  /** The collection ("residents"). */
  type?: string;
  record?: string;
  facility?: string;
  /** First and last day, `YYYY-MM-DD`, in the page's time zone. */
  from?: string;
  to?: string;
}

export const paths = {
  login: fixed("/login"),
  reminders: fixed("/reminders"),
  residents: {
    list: fixed("/residents"),
    add: fixed("/residents/add"),
    /** Add New Resident filled in from a referral, which the admission closes as moved in. */
    admitReferral: { href: (referralId: string) => `/residents/add?referral=${segment(referralId)}` },
    detail: ofRecord("/residents", ""),
    edit: ofRecord("/residents", "/edit"),
    history: ofRecord("/residents", "/history"),
    documents: ofRecord("/residents", "/documents"),
    medical: ofRecord("/residents", "/medical"),
    /** A resident's medical record with the form of a new entry open: `?add=vitals`. */
    medicalEntry: {
      href: (id: string, collection: "vitals" | "incidents" | "medications") =>
        `/residents/${segment(id)}/medical?add=${collection}`,
    },
    rent: ofRecord("/residents", "/rent"),
    receipt: {
      path: "/residents/:id/rent/receipts/:paymentId",
      href: (residentId: string, paymentId: string) =>
        `/residents/${segment(residentId)}/rent/receipts/${segment(paymentId)}`,
    },
    /** The void notice of a voided payment: a document of its own, naming the receipt it voids. */
    voidNotice: {
      path: "/residents/:id/rent/receipts/:paymentId/void",
      href: (residentId: string, paymentId: string) =>
        `/residents/${segment(residentId)}/rent/receipts/${segment(paymentId)}/void`,
    },
    medicalRecords: fixed("/residents/medical-records"),
    rentTracker: fixed("/residents/rent-tracker"),
  },
  staff: {
    list: fixed("/staff"),
    add: fixed("/staff/add"),
    schedules: fixed("/staff/schedules"),
    /** Who is on duty now and next in each home: the phone's bottom bar leads here. */
    today: fixed("/staff/schedules/today"),
    detail: ofRecord("/staff", ""),
    edit: ofRecord("/staff", "/edit"),
    /** A staff member's shifts of a month, to print: `?month=YYYY-MM`. */
    month: ofRecord("/staff", "/schedule"),
    /** A staff member's printable training transcript. */
    transcript: ofRecord("/staff", "/training"),
    /** The group's training requirements (Settings). */
    requirements: fixed("/admin/training-requirements"),
  },
  agents: {
    /** The top navigation's entry (the seed points it here). */
    agencies: fixed("/agencies"),
    list: fixed("/referral-agents"),
    add: fixed("/referral-agents/add"),
    logs: fixed("/referral-agents/logs"),
    /** Referral Logs as columns by status. */
    pipeline: fixed("/referral-agents/logs/pipeline"),
    logReferral: fixed("/referral-agents/logs/add"),
    referral: ofRecord("/referral-agents/logs", ""),
    editReferral: ofRecord("/referral-agents/logs", "/edit"),
    detail: ofRecord("/referral-agents", ""),
    edit: ofRecord("/referral-agents", "/edit"),
  },
  facilities: {
    list: fixed("/facilities"),
    add: fixed("/facilities/add"),
    detail: ofRecord("/facilities", ""),
    edit: ofRecord("/facilities", "/edit"),
  },
  docConfig: {
    resident: fixed("/admin/resident-doc-config"),
    facility: fixed("/admin/facility-doc-config"),
    staff: fixed("/admin/staff-doc-config"),
    agent: fixed("/admin/agent-doc-config"),
  },
  reports: {
    list: fixed("/reports"),
    census: fixed("/reports/census"),
    rentRoll: fixed("/reports/rent-roll"),
    compliance: fixed("/reports/compliance"),
    training: fixed("/reports/training"),
    referrals: fixed("/reports/referrals"),
    inspectionPacket: fixed("/reports/inspection-packet"),
  },
  /** Settings: the hub and its sections; the document configuration pages above share its menu. */
  settings: {
    hub: fixed("/settings"),
    users: fixed("/settings/users"),
    addUser: fixed("/settings/users/add"),
    user: ofRecord("/settings/users", ""),
    roles: fixed("/settings/roles"),
    portalTitle: fixed("/settings/portal-title"),
    /** Export everything as one ZIP; import one into an empty instance. */
    dataTransfer: fixed("/settings/export-import"),
    /** Every signed-in user's own account. */
    account: fixed("/settings/account"),
  },
  /** Settings → Audit log, optionally filtered (e.g. to one record: `{ type: "residents", record: id }`). */
  auditLog: {
    path: "/settings/audit-log",
    href: (filters: TAuditLogLink = {}) => {
      const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
      return query ? `/settings/audit-log?${query}` : "/settings/audit-log";
    },
  },
  help: {
    path: "/help",
    /** Help, optionally at one section's anchor. */
    href: (section?: string) => (section ? `/help#${section}` : "/help"),
  },
  privacy: fixed("/privacy"),
  terms: fixed("/terms"),
} as const;

/** A route as the router takes it: a path of `paths` and its (lazily loaded) page. */
export interface TRouteDef {
  path: string;
  Page: TLazyPage;
  /** What the role must allow to open the page (absent: every signed-in user). */
  access?: TAccess;
}
