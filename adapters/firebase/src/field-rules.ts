/**
 * Compiles a collection's zod schemas into Firestore rules, so the hosted backend refuses a stored
 * value its schema refuses: each field's type, size, enum, range, pattern (a date's `YYYY-MM-DD`) and
 * presence, as the adapter stores it (an absent optional field is null or missing). The rules generator
 * declares one function per collection, `valid_<collection>(d)`, and calls it on create and update.
 *
 * What rules cannot say is left out and listed (`unchecked`), and documented in docs/firebase.md:
 * - refinements (`refine`, `superRefine`): a date that exists on the calendar, an issue date not in the
 *   future, the rules across fields (a discharge after the admission, a reason for a credit);
 * - patterns RE2 cannot run (look-arounds, back-references) or that need an escape other than `\d`,
 *   `\w` and escaped punctuation, and string formats without a pattern;
 * - the elements of a list longer than `MAX_UNROLLED` elements, unless they are enum values (`hasOnly`) or
 *   strings of one character class (a list of ids: the list joined, matched at once).
 * A transform's output is checked by the schema of its input: the registry's transforms (an empty text
 * stored as absent, an e-mail in lower case, a phone number formatted) keep a value within it. Nothing
 * is unbounded: a string without a maximum may hold `DEFAULT_MAX_STRING` characters, a list without one
 * `MAX_UNROLLED` elements. A construct the compiler does not know (a date, a record, any) stops the
 * generator with an error instead of passing unchecked.
 */
import type { z } from "zod";

/** The most characters a string may hold in the rules where its schema sets no maximum: none is unbounded. */
export const DEFAULT_MAX_STRING = 1000;

/**
 * Lists up to this long have each element checked, one condition per position (rules have no loops).
 * Longer lists are checked by size, and their elements only when they are enum values or ids.
 */
export const MAX_UNROLLED = 10;

/** How the conditions of a function are joined: one field a line. */
const LINE = "\n    && ";

/** RE2's largest repeat count, `{n,m}`. */
const MAX_REPEAT = 1000;

/** The part of a zod schema or check this compiler reads (zod's `_zod.def`). */
interface TDef {
  type?: string;
  check?: string;
  innerType?: TNode;
  in?: TNode;
  out?: TNode;
  options?: TNode[];
  shape?: Record<string, TNode>;
  element?: TNode;
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: TNode[];
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
}

interface TNode {
  _zod: { def: TDef };
}

/** The collection being compiled, the functions its checks call (a list's element), and what they leave unchecked. */
interface TContext {
  readonly collection: string;
  readonly functions: string[];
  readonly unchecked: string[];
  /** A list's own check of its elements, by field (a list stored packed: packed-lists.ts). */
  readonly lists?: Readonly<Record<string, TListRules>>;
}

/** A list's own check of its elements: the call on the list, and the function it calls. */
export interface TListRules {
  readonly call: (v: string) => string;
  readonly declaration: string;
}

/** A value's check in the rules, and whether the value may be absent (stored as null or left out). */
interface TCheck {
  readonly expr: string;
  readonly optional: boolean;
}

/** A text as a rules string literal, in the quotes it does not contain (the generated rules hold no escapes). */
function quoted(text: string): string | null {
  if (!text.includes("'")) return `'${text}'`;
  return text.includes('"') ? null : `"${text}"`;
}

function literal(value: unknown): string {
  if (typeof value !== "string") return String(value);
  const text = quoted(value);
  if (text === null) throw new Error(`The value ${value} holds both quotes: the rules cannot name it`);
  return text;
}

const list = (values: readonly unknown[]) => `[${values.map(literal).join(", ")}]`;

/**
 * A JavaScript regular expression as an RE2 pattern of the whole string (what rules' `matches` takes), or
 * null where RE2 cannot run it or it needs an escape: `\d` and `\w` become classes, escaped punctuation a
 * class of its own, so the rules string holds no backslash.
 */
export function rulesPattern(re: RegExp): string | null {
  if (/[^iguy]/.test(re.flags)) return null;
  const source = re.source;
  if (!source.startsWith("^") || !source.endsWith("$") || source.endsWith("\\$")) return null;
  const body = source.slice(1, -1);
  // Look-arounds, named groups and back-references.
  if (body.includes("(?<") || body.includes("(?=") || body.includes("(?!") || /\\[1-9k]/.test(body)) return null;
  const classes: Record<string, string> = { d: "0-9", w: "0-9A-Za-z_" };
  let out = "";
  let inClass = false;
  let hyphen = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === "\\") {
      const escaped = body[++i] ?? "";
      if (classes[escaped]) out += inClass ? classes[escaped] : `[${classes[escaped]}]`;
      // An escaped hyphen in a class is a literal one: last in the class, it needs no escape.
      else if (inClass && escaped === "-") hyphen = true;
      else if (/^[.+*?()|{}$/]$/.test(escaped)) out += inClass ? escaped : `[${escaped}]`;
      else return null;
    } else if (c === "[" && !inClass) {
      inClass = true;
      out += c;
    } else if (c === "]" && inClass) {
      out += `${hyphen ? "-" : ""}]`;
      inClass = false;
      hyphen = false;
    } else out += c;
  }
  return re.flags.includes("i") ? `(?i)${out}` : out;
}

/** The checks of a schema and its own format (an e-mail's pattern), as zod keeps them. */
function checksOf(def: TDef): TDef[] {
  return [...(def.check ? [def] : []), ...(def.checks ?? []).map((c) => c._zod.def)];
}

/** What the rules say of a string: its size and its RE2 patterns. */
export interface TStringSpec {
  readonly min: number;
  readonly max: number;
  readonly patterns: readonly string[];
}

function stringSpec(def: TDef, path: string, ctx: TContext): TStringSpec {
  let min = 0;
  let max: number | undefined;
  const patterns: string[] = [];
  for (const check of checksOf(def)) {
    switch (check.check) {
      case "min_length":
        min = Math.max(min, check.minimum!);
        break;
      case "max_length":
        max = Math.min(max ?? Infinity, check.maximum!);
        break;
      case "length_equals":
        min = max = check.length!;
        break;
      case "string_format": {
        const pattern = check.pattern && rulesPattern(check.pattern);
        if (pattern && quoted(pattern)) patterns.push(pattern);
        else ctx.unchecked.push(`${path}: ${check.format === "regex" ? "pattern" : `${check.format} format`}`);
        break;
      }
      // Trimming and lower case happen before the value is stored.
      case "overwrite":
        break;
      default:
        ctx.unchecked.push(`${path}: ${check.check === "custom" ? "refinement" : check.check}`);
    }
  }
  return { min, max: max ?? DEFAULT_MAX_STRING, patterns };
}

/**
 * A string schema's sizes and RE2 patterns (packed-lists.ts builds its patterns from them); a check the
 * rules cannot make stops the generator, as nothing of a packed list may pass unchecked.
 */
export function stringBounds(schema: unknown, path: string): TStringSpec {
  const ctx: TContext = { collection: "", functions: [], unchecked: [] };
  const spec = stringSpec((schema as TNode)._zod.def, path, ctx);
  if (ctx.unchecked.length > 0) throw new Error(`${ctx.unchecked.join(", ")}: the rules cannot check it packed`);
  return spec;
}

/**
 * A string of one character class (an id: `[A-Za-z0-9_-]+`) as one pattern with its sizes
 * (`[A-Za-z0-9_-]{1,64}`), or null for any other.
 */
function classPattern(spec: TStringSpec): { cls: string; pattern: string } | null {
  const [pattern, ...others] = spec.patterns;
  const one = pattern === undefined ? null : /^\[([^\]]+)\]([+*])$/.exec(pattern);
  if (!one || others.length > 0 || spec.max > MAX_REPEAT) return null;
  const [, cls, repeat] = one;
  return { cls: cls!, pattern: `[${cls}]{${Math.max(spec.min, repeat === "+" ? 1 : 0)},${spec.max}}` };
}

/**
 * The one size of every string a pattern of fixed ASCII characters matches (`[0-9]{4}-[0-9]{2}` is 7),
 * or null for a pattern with a choice, a repeat of a range, a negated class or other characters.
 */
function patternSize(pattern: string): number | null {
  if (/[^ -~]|\[\^/.test(pattern)) return null;
  let size = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === "[") {
      i = pattern.indexOf("]", i + 1);
      if (i < 0) return null;
    } else if (/[()|*+?{}.^$\\]/.test(pattern[i]!)) return null;
    const count = /^\{(\d+)\}/.exec(pattern.slice(i + 1));
    size += count ? Number(count[1]) : 1;
    if (count) i += count[0].length;
  }
  return size;
}

/** The string's patterns bound its size within the schema's (a date's pattern: ten characters). */
function fixedSize(spec: TStringSpec): boolean {
  return spec.patterns.some((p) => {
    const size = patternSize(p);
    return size !== null && size >= spec.min && size <= spec.max;
  });
}

/**
 * A string's check. `matches` is a string's method: on any other value (a number, a list, null) it is an
 * error, which refuses the write as a failed `is string` would, so a string checked by a pattern alone
 * (an id, a date) needs none. The size is `size()`, which counts as the schema does (UTF-16 units: an
 * emoji is two), where a pattern's `.{1,60}` would count an emoji as one.
 */
function stringCheck(spec: TStringSpec, v: string): string {
  const folded = classPattern(spec);
  if (folded) return `${v}.matches(${quoted(folded.pattern)})`;
  const patterns = spec.patterns.map((p) => `${v}.matches(${quoted(p)})`);
  if (patterns.length > 0 && fixedSize(spec)) return patterns.join(" && ");
  return [
    `${v} is string`,
    ...(spec.min > 0 ? [`${v}.size() >= ${spec.min}`] : []),
    `${v}.size() <= ${spec.max}`,
    ...patterns,
  ].join(" && ");
}

/** A bound of a number: the tightest of its checks on that side. */
interface TBound {
  readonly value: number;
  readonly inclusive: boolean;
}

function tighter(a: TBound | undefined, b: TBound, lower: boolean): TBound {
  if (a === undefined || (lower ? b.value > a.value : b.value < a.value)) return b;
  return a.value === b.value && !b.inclusive ? b : a;
}

function numberCheck(def: TDef, v: string, path: string, ctx: TContext): string {
  let int = false;
  let lower: TBound | undefined;
  let upper: TBound | undefined;
  for (const check of checksOf(def)) {
    const bound = { value: check.value!, inclusive: check.inclusive === true };
    if (check.check === "number_format" && check.format === "safeint") int = true;
    else if (check.check === "greater_than") lower = tighter(lower, bound, true);
    else if (check.check === "less_than") upper = tighter(upper, bound, false);
    else ctx.unchecked.push(`${path}: ${check.check === "custom" ? "refinement" : (check.format ?? check.check)}`);
  }
  // zod's integers are safe integers: an unbounded side is bounded there, where JavaScript reads it exactly.
  if (int) lower ??= { value: Number.MIN_SAFE_INTEGER, inclusive: true };
  if (int) upper ??= { value: Number.MAX_SAFE_INTEGER, inclusive: true };
  return [
    `${v} is ${int ? "int" : "number"}`,
    ...(lower ? [`${v} ${lower.inclusive ? ">=" : ">"} ${lower.value}`] : []),
    ...(upper ? [`${v} ${upper.inclusive ? "<=" : "<"} ${upper.value}`] : []),
  ].join(" && ");
}

/**
 * The check of every element of a list of strings of one character class (ids): the list joined by a
 * separator outside the class matches one pattern, each element within its sizes. Null for any other.
 */
function joinedCheck(element: TNode, v: string): string | null {
  const def = element._zod.def;
  if (def.type !== "string") return null;
  const scratch: TContext = { collection: "", functions: [], unchecked: [] };
  const folded = classPattern(stringSpec(def, "", scratch));
  if (!folded || scratch.unchecked.length > 0) return null;
  const separator = [",", ";", " ", "/"].find((s) => !new RegExp(`^[${folded.cls}]$`).test(s));
  if (!separator) return null;
  return `${v}.join('${separator}').matches(${quoted(`(${folded.pattern}(${separator}${folded.pattern})*)?`)})`;
}

function listCheck(def: TDef, v: string, path: string, ctx: TContext): string {
  let min = 0;
  let max: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === "min_length") min = check.minimum!;
    else if (check.check === "max_length") max = check.maximum!;
    else if (check.check === "length_equals") min = max = check.length!;
    else ctx.unchecked.push(`${path}: ${check.check === "custom" ? "refinement" : check.check}`);
  }
  const parts = [`${v} is list`, ...(min > 0 ? [`${v}.size() >= ${min}`] : [])];
  // A list the schema leaves unbounded gets the most the rules check element by element.
  parts.push(`${v}.size() <= ${max ?? MAX_UNROLLED}`);
  const own = ctx.lists?.[path];
  if (own) {
    ctx.functions.push(own.declaration);
    return [...parts, own.call(v)].join(" && ");
  }
  const element = def.element!;
  const elementDef = element._zod.def;
  const values = enumValues(element);
  if (values) return [...parts, `${v}.hasOnly(${list(values)})`].join(" && ");
  const joined = joinedCheck(element, v);
  if (joined) return [...parts, joined].join(" && ");
  if ((max ?? MAX_UNROLLED) > MAX_UNROLLED) {
    ctx.unchecked.push(`${path}: its elements`);
    return parts.join(" && ");
  }
  // One function checks an element; the list calls it for each position it may have.
  const name = `valid_${ctx.collection}_${path.replace(/\W+/g, "_")}`;
  const elementPath = `${path}[]`;
  let item: string;
  if (elementDef.type === "object") item = objectChecks(elementDef, "v", elementPath, ctx).join(LINE);
  else {
    const check = valueCheck(element, "v", elementPath, ctx);
    item = check.optional ? `v == null || (${check.expr})` : check.expr;
  }
  ctx.functions.push(`function ${name}(v) {\n  return ${item};\n}`);
  const elements = Array.from(
    { length: max ?? MAX_UNROLLED },
    (_, i) => `(${v}.size() <= ${i} || ${name}(${v}[${i}]))`,
  ).join(" && ");
  // Checking each element costs a few dozen of the 1,000 expressions a request may evaluate: an update
  // that keeps a document's list as stored (a transfer, an edit of another field) does not check it again.
  const kept = /^\w+$/.test(path) ? `(resource != null && ${v} == resource.data.get('${path}', null)) || ` : "";
  return [...parts, kept ? `(${kept}(${elements}))` : elements].join(" && ");
}

/** The values of an enum or literal schema (behind a default), or null for any other. */
function enumValues(node: TNode): unknown[] | null {
  const def = node._zod.def;
  if (def.type === "default" || def.type === "prefault") return enumValues(def.innerType!);
  if (def.type === "enum") return Object.values(def.entries!);
  return def.type === "literal" ? def.values! : null;
}

/** The checks of an object's fields on `v` (a map), each absent optional field passing. */
function fieldsCheck(shape: Record<string, TNode>, v: string, path: string, ctx: TContext): string[] {
  return Object.entries(shape).map(([field, schema]) => {
    const { expr, optional } = valueCheck(schema, `${v}.${field}`, path ? `${path}.${field}` : field, ctx);
    return optional ? `(${v}.get('${field}', null) == null || (${expr}))` : expr;
  });
}

/** The checks of a nested object: a map of its keys only, each field as its schema says. */
function objectChecks(def: TDef, v: string, path: string, ctx: TContext): string[] {
  const shape = def.shape!;
  if ((def.checks ?? []).length > 0) ctx.unchecked.push(`${path}: refinement across its fields`);
  return [`${v} is map && ${v}.keys().hasOnly(${list(Object.keys(shape))})`, ...fieldsCheck(shape, v, path, ctx)];
}

function valueCheck(node: TNode, v: string, path: string, ctx: TContext): TCheck {
  const def = node._zod.def;
  const required = (expr: string): TCheck => ({ expr, optional: false });
  switch (def.type) {
    case "optional":
    case "nullable":
      return { expr: valueCheck(def.innerType!, v, path, ctx).expr, optional: true };
    // A default fills in an absent value: the stored one is the inner schema's.
    case "default":
    case "prefault":
      return valueCheck(def.innerType!, v, path, ctx);
    case "pipe":
      return valueCheck(def.out!._zod.def.type === "transform" ? def.in! : def.out!, v, path, ctx);
    case "string":
      return required(stringCheck(stringSpec(def, path, ctx), v));
    case "number":
      return required(numberCheck(def, v, path, ctx));
    case "boolean":
      return required(`${v} is bool`);
    case "enum":
    case "literal": {
      const values = enumValues(node)!;
      return required(values.length === 1 ? `${v} == ${literal(values[0])}` : `${v} in ${list(values)}`);
    }
    case "union": {
      const options = def.options!.map((option) => valueCheck(option, v, path, ctx));
      return { expr: options.map((o) => `(${o.expr})`).join(" || "), optional: options.some((o) => o.optional) };
    }
    case "array":
      return required(listCheck(def, v, path, ctx));
    case "object":
      return required(objectChecks(def, v, path, ctx).join(" && "));
    default:
      throw new Error(`${path}: no Firestore rules for a zod ${def.type ?? "schema"}; teach field-rules.ts`);
  }
}

/** The rules function validating a stored record, the functions it calls, and what the rules leave unchecked. */
export interface TValidation {
  /** `valid_<collection>`, called with the written document's data. */
  readonly name: string;
  /** The declarations: the function and those of its lists' elements, each at column 0. */
  readonly declarations: readonly string[];
  /** What the rules do not check, as `field: what` (`dateOfBirth: refinement`). */
  readonly unchecked: readonly string[];
}

/**
 * The rules function `valid_<collection>(d)` that holds when each of `fields` (of `schema`) is stored as
 * its schema allows: present and of its type where required, null or absent where optional (every field,
 * with `allOptional`), within its sizes, enum, range and pattern. `extra` conditions on `d` are added
 * (the adapter's own stored fields).
 */
export function validationFunction(
  collection: string,
  schema: z.ZodObject,
  fields: readonly string[],
  options: { extra?: readonly string[]; allOptional?: boolean; lists?: Readonly<Record<string, TListRules>> } = {},
): TValidation {
  const ctx: TContext = { collection, functions: [], unchecked: [], lists: options.lists };
  const node = schema as unknown as TNode;
  const shape = Object.fromEntries(
    fields.map((field): [string, TNode] => {
      const inner = node._zod.def.shape![field]!;
      return [field, options.allOptional ? { _zod: { def: { type: "optional", innerType: inner } } } : inner];
    }),
  );
  if ((node._zod.def.checks ?? []).length > 0) ctx.unchecked.push("refinement across fields");
  const checks = [...fieldsCheck(shape, "d", "", ctx), ...(options.extra ?? [])];
  const name = `valid_${collection}`;
  const own = `function ${name}(d) {\n  return ${checks.length === 0 ? "true" : checks.join(LINE)};\n}`;
  return { name, declarations: [own, ...ctx.functions], unchecked: [...new Set(ctx.unchecked)] };
}
