/**
 * Lists of small objects that a Firestore document stores packed: each object one string, its fields
 * in the schema's order joined by `|`. Rules have no loops, so a list of objects is checked one position
 * at a time, each field again: a resident's ten full emergency contacts alone cost some 1,500 of the
 * 1,000 expressions a request may evaluate. Packed, the whole list is checked by two patterns over the
 * list joined, whatever its length: one of the fields' sizes, one of their forms (an e-mail's). The
 * adapter packs a list when it writes the document and unpacks it when it reads it (firestore-records.ts),
 * so the record, the other backends and the Cloud Functions see the same list of objects.
 *
 * In a field, `~` is written `~~`, `|` `~1` and `;` `~2`, so the separators never occur in a value: a
 * packed object reads back as it was, and the rules count an escape as the one character it stands for.
 * An absent text is empty (the schemas store an empty text as absent); a boolean is `1` or `0`.
 */
import type { CollectionDef } from "@care/core/collection";
import { stringBounds } from "./field-rules.ts";

/** The lists each collection's documents store packed. */
export const PACKED_LISTS: Readonly<Record<string, readonly string[]>> = { residents: ["emergencyContacts"] };

/** One field of a packed object, as the schema says it. */
interface TPackedField {
  readonly name: string;
  readonly kind: "string" | "boolean";
  readonly optional: boolean;
  readonly min: number;
  readonly max: number;
  readonly patterns: readonly string[];
}

/** The part of a zod schema this file reads (zod's `_zod.def`). */
interface TZod {
  _zod: {
    def: {
      type?: string;
      innerType?: TZod;
      in?: TZod;
      out?: TZod;
      options?: TZod[];
      values?: unknown[];
      element?: TZod;
      shape?: Record<string, TZod>;
    };
  };
}

/** True when the collection's documents store `field` packed. */
export function isPackedList(def: CollectionDef, field: string): boolean {
  return PACKED_LISTS[def.name]?.includes(field) ?? false;
}

/** The fields of the list's objects, from its zod schema; a field of another kind stops the generator. */
function packedFields(list: unknown, path: string): TPackedField[] {
  let node = list as TZod;
  while (["optional", "nullable", "default", "prefault"].includes(node._zod.def.type ?? ""))
    node = node._zod.def.innerType!;
  const shape = node._zod.def.element?._zod.def.shape;
  if (node._zod.def.type !== "array" || !shape) throw new Error(`${path}: only a list of objects is stored packed`);
  return Object.entries(shape).map(([name, schema]) => {
    let inner = schema;
    let optional = false;
    for (;;) {
      const def = inner._zod.def;
      if (def.type === "optional" || def.type === "nullable") optional = true;
      if (def.type === "optional" || def.type === "nullable" || def.type === "default" || def.type === "prefault")
        inner = def.innerType!;
      else if (def.type === "pipe") inner = def.out!._zod.def.type === "transform" ? def.in! : def.out!;
      else if (def.type === "union") {
        // A text or an empty one (an e-mail, or none): the empty one is stored as absent.
        const [text, ...others] = def.options!.filter(
          (o) => o._zod.def.type !== "pipe" || o._zod.def.in?._zod.def.values?.[0] !== "",
        );
        if (!text || others.length > 0 || def.options!.length !== 2) throw new Error(`${path}.${name}: not packable`);
        optional = true;
        inner = text;
      } else break;
    }
    const type = inner._zod.def.type;
    if (type === "boolean") return { name, kind: "boolean", optional: false, min: 1, max: 1, patterns: [] };
    if (type !== "string") throw new Error(`${path}.${name}: a ${type} is not packable`);
    const bounds = stringBounds(inner, `${path}.${name}`);
    if (!optional && bounds.min === 0) throw new Error(`${path}.${name}: an empty text would read as absent`);
    return { name, kind: "string", optional, ...bounds };
  });
}

const escaped = (text: string) => text.replace(/~/g, "~~").replace(/\|/g, "~1").replace(/;/g, "~2");
const unescaped = (text: string) => text.replace(/~([~12])/g, (_, c: string) => ({ "~": "~", "1": "|", "2": ";" })[c]!);

/** The list as the document stores it: each object one string. */
export function packList(def: CollectionDef, field: string, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const fields = packedFields(def.schema.shape[field], field);
  return value.map((item: Record<string, unknown>) =>
    fields
      .map((f) => (f.kind === "boolean" ? (item[f.name] === true ? "1" : "0") : escaped(String(item[f.name] ?? ""))))
      .join("|"),
  );
}

/** The list a document stores, as the record's objects (a list written before packing is taken as it is). */
export function unpackList(def: CollectionDef, field: string, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const fields = packedFields(def.schema.shape[field], field);
  return value.map((item: unknown) => {
    if (typeof item !== "string") return item;
    const parts = item.split("|");
    return Object.fromEntries(
      fields.flatMap((f, i): [string, unknown][] => {
        const part = unescaped(parts[i] ?? "");
        if (f.kind === "boolean") return [[f.name, part === "1"]];
        return part === "" && f.optional ? [] : [[f.name, part]];
      }),
    );
  });
}

/** One character of a packed text: any but a separator, or an escape. */
const CHAR = "(?:[^|;~]|~[~12])";

/**
 * The rules' check of a packed list `v` (already known to be a list within its size): a function of the
 * list joined, each object ended by `;`, matching one pattern of the fields' sizes and one of their forms.
 */
export function packedListRules(
  collection: string,
  field: string,
  list: unknown,
): { call: (v: string) => string; declaration: string } {
  const fields = packedFields(list, field);
  // Sizes: each text within its schema's, a boolean one of two. Forms: a text with a pattern matches it.
  const part = (f: TPackedField, sized: boolean): string => {
    if (f.kind === "boolean") return "[01]";
    const own = sized ? `${CHAR}{${f.min},${f.max}}` : f.patterns[0] ? `(?:${f.patterns[0]})` : `${CHAR}*`;
    return f.optional && (sized ? f.min > 0 : f.patterns.length > 0) ? `(?:|${own})` : own;
  };
  const form = (sized: boolean) => `(${fields.map((f) => part(f, sized)).join("[|]")};)*`;
  for (const f of fields) {
    if (f.patterns.length > 1) throw new Error(`${field}.${f.name}: one pattern at most is packable`);
    // A pattern that could match a separator could read two fields as one.
    const pattern = (f.patterns[0] ?? "").replace(/\[[.]\]/g, "");
    if (/[|;~.]|\[\^/.test(pattern)) throw new Error(`${field}.${f.name}: its pattern may match a separator`);
  }
  const quote = (p: string) => (p.includes("'") ? `"${p}"` : `'${p}'`);
  const name = `packed_${collection}_${field}`;
  return {
    call: (v) => `${name}(${v})`,
    declaration: [
      `// ${field} is stored packed, an object a string (packed-lists.ts): the list joined, each object ended`,
      `// by ';', matches its fields' sizes and their forms (an empty list, whose ';' names no object, by its size).`,
      `function ${name}(v) {`,
      `  let j = v.join(';') + ';';`,
      `  return v.size() == 0 || (j.matches(${quote(form(true))}) && j.matches(${quote(form(false))}));`,
      `}`,
    ].join("\n"),
  };
}
