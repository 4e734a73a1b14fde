import { describe, expect, it } from "vitest";
import { prospectKeysOf } from "./referral-move-in.rules.ts";
import {
  lastNameSpellings,
  matchReasons,
  parseReferralMatchesQuery,
  referralMatchesOf,
  type TReferralCandidate,
} from "./referral-matches.rules.ts";

const rosa: TReferralCandidate = {
  id: "r1",
  facilityId: "tull",
  referredOn: "2026-11-02",
  firstName: "Rosa",
  lastName: "Álvarez",
  dateOfBirth: "1941-06-09",
  phone: "(559) 555-0142",
  email: "rosa@example.org",
  status: "new",
  source: "agent",
  agentId: "a1",
};
const context = {
  canSee: (id: string) => id === "tull",
  facility: (id: string) => ({ tull: { name: "Tull" }, newman: { name: "Newman", administrator: "Dana Newman" } })[id],
  agentName: (id: string) => (id === "a1" ? "Maria Lopez" : undefined),
};

describe("parseReferralMatchesQuery", () => {
  it("writes the phone and e-mail as stored, and needs the whole name (with a date of birth for the person)", () => {
    expect(parseReferralMatchesQuery({ phone: "559.555.0142", email: "ROSA@Example.org" })).toEqual({
      phone: "(559) 555-0142",
      email: "rosa@example.org",
    });
    expect(parseReferralMatchesQuery({ firstName: "Rosa", lastName: "Alvarez" })).toEqual({
      name: { firstName: "Rosa", lastName: "Alvarez" },
    });
    expect(parseReferralMatchesQuery({ firstName: "Rosa", dateOfBirth: "1941-06-09" })).toEqual({});
    expect(parseReferralMatchesQuery({ phone: "call me", email: "not an address" })).toEqual({});
  });
});

describe("matchReasons", () => {
  it("matches the name without case or accents with the date of birth, the phone, the e-mail", () => {
    const keys = parseReferralMatchesQuery({
      firstName: " rosa",
      lastName: "ALVAREZ",
      dateOfBirth: "1941-06-09",
      phone: "5595550142",
      email: "Rosa@example.org",
    });
    expect(matchReasons(rosa, keys)).toEqual(["name-and-birth-date", "phone", "email"]);
    expect(
      matchReasons(rosa, { person: { firstName: "Rosa", lastName: "Alvarez", dateOfBirth: "1941-06-10" } }),
    ).toEqual([]);
  });
});

describe("referralMatchesOf", () => {
  it("names matches the user may see, earliest first, and only counts the others with whom to ask", () => {
    const later = { ...rosa, id: "r2", referredOn: "2026-11-05" };
    const hidden = { ...rosa, id: "r3", facilityId: "newman", referredOn: "2026-10-01" };
    const answer = referralMatchesOf([later, hidden, rosa, rosa], { phone: "(559) 555-0142" }, context);
    expect(answer.matches.map((m) => m.id)).toEqual(["r1", "r2"]);
    expect(answer.matches[0]).toMatchObject({ facilityName: "Tull", agentName: "Maria Lopez", reasons: ["phone"] });
    expect(answer.elsewhere).toEqual([
      { facilityId: "newman", facilityName: "Newman", administrator: "Dana Newman", count: 1, firstId: "r3" },
    ]);
    expect(JSON.stringify(answer.elsewhere)).not.toMatch(/Rosa|1941|555/);
  });

  it("leaves out the referral being edited", () => {
    expect(referralMatchesOf([rosa], { phone: rosa.phone!, excludeId: "r1" }, context).matches).toEqual([]);
  });
});

describe("a name alone", () => {
  it("is a possible duplicate only while nothing else is typed", () => {
    const keys = parseReferralMatchesQuery({ firstName: "ROSA ", lastName: "alvarez" });
    expect(keys.name).toEqual({ firstName: "ROSA", lastName: "alvarez" });
    const answer = referralMatchesOf([rosa], keys, context);
    expect(answer).toMatchObject({ sameNameOnly: true, matches: [{ id: "r1", reasons: ["same-name"] }] });
    expect(parseReferralMatchesQuery({ firstName: "Rosa", lastName: "Alvarez", phone: "559 555 0199" }).name).toBe(
      undefined,
    );
    expect(
      referralMatchesOf([rosa], parseReferralMatchesQuery({ firstName: "Rose", lastName: "Alvarez" }), context),
    ).toEqual({ matches: [], elsewhere: [] });
  });

  it("never makes a namesake a sister referral to close on a move-in", () => {
    expect(prospectKeysOf({ id: "r9", firstName: "Rosa", lastName: "Alvarez", phone: "" })).toEqual({
      excludeId: "r9",
    });
  });

  it("is looked up in the last name's usual spellings", () => {
    expect(lastNameSpellings(" o'brien-lee ")).toEqual([
      "o'brien-lee",
      "O'BRIEN-LEE",
      "O'brien-lee",
      "O'brien-Lee",
      "O'Brien-Lee",
    ]);
  });
});
