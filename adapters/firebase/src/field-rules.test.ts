import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { CollectionDef } from "@care/core/collection";
import { ZCents, ZDateOnly, ZId, ZOptionalText, ZText } from "@care/core/common.schema";
import { collections } from "@care/core/registry";
import { DEFAULT_MAX_STRING, MAX_UNROLLED, rulesPattern, validationFunction } from "./field-rules.ts";

/** The declarations of a made-up collection `c` of these fields, and what they leave unchecked. */
function compile(shape: Record<string, z.ZodType>, options?: Parameters<typeof validationFunction>[3]) {
  const schema = z.object(shape);
  const checks = validationFunction("c", schema, Object.keys(shape), options);
  return { text: checks.declarations.join("\n"), unchecked: checks.unchecked };
}

describe("zod schemas as Firestore rules", () => {
  it("checks a string's type, sizes and pattern, and bounds a string its schema leaves unbounded", () => {
    const { text } = compile({ name: ZText(60), note: ZOptionalText(2000), code: z.string(), day: ZDateOnly });
    expect(text).toContain("d.name is string && d.name.size() >= 1 && d.name.size() <= 60");
    expect(text).toContain("(d.get('note', null) == null || (d.note is string && d.note.size() <= 2000))");
    expect(text).toContain(`d.code is string && d.code.size() <= ${DEFAULT_MAX_STRING}`);
    expect(text).toContain("d.day.matches('[0-9]{4}-[0-9]{2}-[0-9]{2}')");
  });

  it("writes an id's pattern with its sizes as one class (no unbounded id)", () => {
    expect(compile({ ref: ZId }).text).toContain("d.ref.matches('[A-Za-z0-9_-]{1,64}')");
  });

  it("checks whole-number money as an integer within its range, with the tightest bounds", () => {
    const { text } = compile({ amountCents: ZCents.min(0), temperature: z.number().min(80).max(115) });
    expect(text).toContain("d.amountCents is int && d.amountCents >= 0 && d.amountCents <= 100000000000");
    expect(text).not.toContain("d.amountCents >= -");
    expect(text).toContain("d.temperature is number && d.temperature >= 80 && d.temperature <= 115");
    expect(compile({ n: z.number().int().positive().lt(9) }).text).toContain("d.n is int && d.n > 0 && d.n < 9");
    expect(compile({ n: z.number().int() }).text).toContain(
      `d.n >= ${Number.MIN_SAFE_INTEGER} && d.n <= ${Number.MAX_SAFE_INTEGER}`,
    );
  });

  it("checks enums, literals, booleans and unions; a default is stored, so its field is required", () => {
    const { text } = compile({
      status: z.enum(["open", "done"]).default("open"),
      kind: z.literal("x"),
      active: z.boolean().default(true),
      email: z.union([z.email().max(254), z.literal("").transform(() => undefined)]).optional(),
    });
    expect(text).toContain("d.status in ['open', 'done']");
    expect(text).not.toContain("d.get('status'");
    expect(text).toContain("d.kind == 'x'");
    expect(text).toContain("d.active is bool");
    // An e-mail's pattern holds a quote: written in the other quotes.
    expect(text).toMatch(
      /\(d\.get\('email', null\) == null \|\| \(\(d\.email is string && d\.email\.size\(\) <= 254 && d\.email\.matches\("[^"]*@[^"]*"\)\) \|\| \(d\.email == ''\)\)\)/,
    );
  });

  it("passes an absent or null optional or nullable field, and refuses a required one absent (no default)", () => {
    const { text } = compile({ a: ZText(5).optional(), b: ZId.nullable(), c: ZText(5) });
    expect(text).toContain("(d.get('a', null) == null || (");
    expect(text).toContain("(d.get('b', null) == null || (");
    expect(text).toMatch(/&& d\.c is string/);
    expect(compile({ c: ZText(5) }, { allOptional: true }).text).toContain("(d.get('c', null) == null || (");
  });

  it("checks a nested object's keys and fields", () => {
    const { text } = compile({ permissions: z.object({ rent: z.enum(["none", "write"]), note: ZOptionalText(10) }) });
    expect(text).toContain(
      "d.permissions is map && d.permissions.keys().hasOnly(['rent', 'note']) && d.permissions.rent in ['none', 'write'] && (d.permissions.get('note', null) == null || (d.permissions.note is string && d.permissions.note.size() <= 10))",
    );
  });

  it("checks a list's size and elements: enums by hasOnly, ids joined, short lists of objects one by one", () => {
    const { text, unchecked } = compile({
      categories: z
        .array(z.enum(["a", "b"]))
        .min(1)
        .max(2),
      homes: z.array(ZId).max(500),
      contacts: z.array(z.object({ name: ZText(20) })).max(3),
      notes: z.array(ZText(20)).max(MAX_UNROLLED + 1),
    });
    expect(text).toContain(
      "d.categories is list && d.categories.size() >= 1 && d.categories.size() <= 2 && d.categories.hasOnly(['a', 'b'])",
    );
    expect(text).toContain(
      "d.homes is list && d.homes.size() <= 500 && d.homes.join(',').matches('([A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64})*)?')",
    );
    // Checked element by element unless an update keeps the list as stored.
    expect(text).toContain(
      "d.contacts is list && d.contacts.size() <= 3 && ((resource != null && d.contacts == resource.data.get('contacts', null)) || ((d.contacts.size() <= 0 || valid_c_contacts(d.contacts[0])) && (d.contacts.size() <= 1 || valid_c_contacts(d.contacts[1])) && (d.contacts.size() <= 2 || valid_c_contacts(d.contacts[2]))))",
    );
    expect(text).toContain(
      "function valid_c_contacts(v) {\n  return v is map && v.keys().hasOnly(['name'])\n    && v.name is string && v.name.size() >= 1 && v.name.size() <= 20;\n}",
    );
    // Too long to check one by one, and not of one character class: the size only, and said so.
    expect(text).toContain(`d.notes is list && d.notes.size() <= ${MAX_UNROLLED + 1};`);
    expect(unchecked).toEqual(["notes: its elements"]);
    expect(compile({ tags: z.array(z.enum(["a"])) }).text).toContain(`d.tags.size() <= ${MAX_UNROLLED}`);
  });

  it("lists what rules cannot check: refinements, cross-field rules, patterns RE2 cannot run", () => {
    const schema = z.object({ day: ZDateOnly, word: z.string().regex(/^(?!x)\w+$/) }).superRefine(() => undefined);
    const checks = validationFunction("c", schema, ["day", "word"]);
    expect(checks.unchecked).toEqual(["refinement across fields", "day: refinement", "word: pattern"]);
    // What can be checked still is: the size.
    expect(checks.declarations[0]).toContain(`d.word is string && d.word.size() <= ${DEFAULT_MAX_STRING}`);
    expect(checks.declarations[0]).not.toContain("d.word.matches");
  });

  it("refuses a construct it does not know rather than leave it unchecked", () => {
    expect(() => compile({ when: z.date() })).toThrow(/when: no Firestore rules for a zod date/);
  });

  it("adds the adapter's own stored fields' conditions", () => {
    const { text } = compile({ a: z.boolean() }, { extra: ["d._search is list"] });
    expect(text).toBe("function valid_c(d) {\n  return d.a is bool\n    && d._search is list;\n}");
  });
});

describe("JavaScript patterns as RE2 patterns without escapes", () => {
  it("writes digits and escaped punctuation as classes, and keeps an escaped hyphen literal in a class", () => {
    expect(rulesPattern(/^\d{4}-(0[1-9]|1[0-2])$/)).toBe("[0-9]{4}-(0[1-9]|1[0-2])");
    expect(rulesPattern(/^[a-z\-0-9]+\.\w+$/)).toBe("[a-z0-9-]+[.][0-9A-Za-z_]+");
    expect(rulesPattern(/^ab$/i)).toBe("(?i)ab");
  });

  it("gives up on what RE2 cannot run or a rules string cannot hold", () => {
    expect(rulesPattern(/^(?=a)a$/)).toBeNull();
    expect(rulesPattern(/^(a)\1$/)).toBeNull();
    expect(rulesPattern(/a/)).toBeNull();
    expect(rulesPattern(/^\s$/)).toBeNull();
    expect(rulesPattern(/^a$/m)).toBeNull();
  });
});

describe("the registry's field checks", () => {
  const compiled = (Object.values(collections) as CollectionDef[]).map((def) => ({
    def,
    text: validationFunction(def.name, def.schema, Object.keys(def.schema.shape)).declarations.join("\n"),
  }));

  it("compiles every collection's schema", () => {
    expect(compiled.length).toBe(Object.keys(collections).length);
  });

  it("bounds every string and every list of every collection", () => {
    for (const { def, text } of compiled) {
      for (const [, value] of text.matchAll(/([\w.[\]]+) is string/g)) {
        const bounded =
          text.includes(`${value}.size() <= `) ||
          new RegExp(`${value!.replace(/[.[\]]/g, "\\$&")}\\.matches\\('\\[[^\\]]+\\]\\{\\d+,\\d+\\}'\\)`).test(text);
        expect(bounded, `${def.name}: ${value}`).toBe(true);
      }
      for (const [, value] of text.matchAll(/([\w.[\]]+) is list/g))
        expect(text, `${def.name}: ${value}`).toContain(`${value}.size() <= `);
    }
  });

  it("checks money as whole cents within the schema's floor", () => {
    const charges = compiled.find(({ def }) => def.name === "rentCharges")!.text;
    expect(charges).toContain("d.amountCents is int && d.amountCents >= 0");
    const payments = compiled.find(({ def }) => def.name === "payments")!.text;
    expect(payments).toContain("d.amountCents is int && d.amountCents >= 1");
  });
});
