/**
 * The week's checks as people read them: issues one person has on many shifts said once with their days,
 * and the counts a home's week is summed up by (on the grid and on the homes side by side).
 */
import type { TScheduleWeek } from "@care/core/ports/insights.port";
import type { TScheduleIssue } from "@care/core/rules/schedule.rules";

/** Issues one person has on many shifts (supervision, clearance, employment): said once, with the days. */
const PER_PERSON: readonly TScheduleIssue["code"][] = [
  "supervision",
  "no-clearance",
  "outside-employment",
  "night-documents",
];
const PER_PERSON_WORDS: Partial<Record<TScheduleIssue["code"], string>> = {
  supervision: "may not work independently yet and is the only one awake on",
  "no-clearance": "has no criminal record clearance or exemption and may not be in the home, yet is on the rota on",
  "outside-employment": "is not employed on",
  "night-documents": "lacks a current document needed for night duty, on the nights of",
};

/** The week's issues as the panel lists them: per-shift ones of one person merged into one line. */
export function panelIssues(answer: TScheduleWeek): TScheduleIssue[] {
  const out: TScheduleIssue[] = [];
  const merged = new Map<string, TScheduleIssue & { dates: string[] }>();
  for (const issue of answer.issues) {
    if (!PER_PERSON.includes(issue.code) || !issue.staffId) {
      out.push(issue);
      continue;
    }
    const key = `${issue.code}|${issue.staffId}`;
    const line = merged.get(key);
    if (line) {
      if (!line.dates.includes(issue.date ?? "")) line.dates.push(issue.date ?? "");
      continue;
    }
    const first = { ...issue, dates: [issue.date ?? ""] };
    merged.set(key, first);
    out.push(first);
  }
  const nameOf = (id: string) => answer.people.find((p) => p.id === id)?.name ?? "Someone";
  return out.map((issue) => {
    const line = merged.get(`${issue.code}|${issue.staffId ?? ""}`);
    if (!line || line !== issue) return issue;
    const missing = answer.people.find((p) => p.id === issue.staffId)?.missingForNights ?? [];
    const words =
      issue.code === "night-documents" && missing.length > 0
        ? `lacks a current ${missing.join(" and ")}, needed for night duty, on the nights of`
        : PER_PERSON_WORDS[issue.code];
    return { ...issue, message: `${nameOf(issue.staffId!)} ${words} ${line.dates.join(", ")}.` };
  });
}

/**
 * "2 errors, 1 warning, no coverage gap." — and, apart from the gaps, the shifts of someone not cleared:
 * "…, 1 coverage gap; 2 shifts scheduled, not counted: not cleared."
 */
export function countsText(answer: TScheduleWeek): string {
  const listed = panelIssues(answer);
  const count = (of: (i: TScheduleIssue) => boolean, one: string) => {
    const n = listed.filter(of).length;
    return n === 0 ? `no ${one}` : `${n} ${one}${n === 1 ? "" : "s"}`;
  };
  const apart = listed.filter((i) => i.code === "not-counted").length;
  const notCounted =
    apart > 0 ? `; ${count((i) => i.code === "not-counted", "shift")} scheduled, not counted: not cleared` : "";
  return `${count((i) => i.severity === "error", "error")}, ${count((i) => i.severity === "warning", "warning")}, ${count((i) => i.severity === "coverage" && i.code !== "not-counted", "coverage gap")}${notCounted}.`;
}
