/**
 * What a generated Firestore rule costs at worst, so the rules stay within Firestore's limits by
 * construction: at most 1,000 expressions evaluated per request and 10 document reads (`get`, `exists`,
 * `getAfter`) for one document's request (20 for a batch or transaction, which the adapter splits by
 * `commitsWithinReads`). Firestore refuses a request over a limit, whatever the data, and a long list of
 * a record's nested items is exactly where a rule grows: a resident's ten full emergency contacts.
 *
 * The estimate parses the rules text: every `allow` condition with the functions it calls inlined
 * (arguments and `let` bindings counted once, where they are written), both sides of every `&&` and
 * `||` evaluated and the longer branch of a `? :` (the worst case). The weights were measured on the
 * Cloud Firestore emulator, whose rules engine is production's (`rules-cost.test.ts` keeps them): a
 * name, a literal, a field, an index, a method call with its object, a call of a function, a list,
 * `!` and a comparison count one each; `&&`, `||` and `? :` two. Reads are the distinct documents
 * named: a function called twice with the same path reads once (Firestore caches a request's reads).
 * An emulator case writes each collection's largest valid record, so an estimate below the real count
 * cannot pass.
 */

/** Firestore's limits on one request's rules (https://firebase.google.com/docs/firestore/security/rules-structure). */
export const RULE_LIMITS = { expressions: 1000, reads: 10 } as const;

type TNode =
  | { kind: "leaf"; text: string }
  | { kind: "path"; parts: TNode[]; text: string }
  | { kind: "member"; object: TNode; name: string }
  | { kind: "index"; object: TNode; index: TNode }
  | { kind: "call"; callee: TNode; args: TNode[] }
  | { kind: "list"; items: TNode[] }
  | { kind: "unary"; operand: TNode }
  | { kind: "binary"; op: string; left: TNode; right: TNode }
  | { kind: "ternary"; test: TNode; then: TNode; otherwise: TNode };

interface TFunction {
  params: string[];
  lets: { name: string; value: TNode }[];
  body: TNode;
}

/** One `allow` statement's worst case. */
export interface TRuleCost {
  /** The match path and the methods, e.g. `/residents/{id} create`. */
  rule: string;
  expressions: number;
  /** The distinct documents the rule may read. */
  reads: number;
}

const BINARY: Record<string, number> = {
  "||": 1,
  "&&": 2,
  "==": 3,
  "!=": 3,
  "<": 4,
  "<=": 4,
  ">": 4,
  ">=": 4,
  in: 4,
  is: 4,
  "+": 5,
  "-": 5,
  "*": 6,
  "/": 6,
  "%": 6,
};

const TOKEN =
  /\s+|\/\/[^\n]*|'[^']*'|"[^"]*"|\d+(?:\.\d+)?|[A-Za-z_$][\w$]*|&&|\|\||==|!=|<=|>=|[()[\]{},.!?:<>+\-*/%=;]/gy;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`rules-cost: cannot read the rules at "${text.slice(at, at + 40)}"`);
    if (!/^\s|^\/\//.test(match[0])) tokens.push(match[0]);
  }
  return tokens;
}

/** A recursive-descent reader of the rules' expressions, over tokens. */
class Reader {
  position = 0;
  constructor(private readonly tokens: string[]) {}

  peek(offset = 0): string | undefined {
    return this.tokens[this.position + offset];
  }
  next(): string {
    const token = this.tokens[this.position++];
    if (token === undefined) throw new Error("rules-cost: the rules end too early");
    return token;
  }
  expect(token: string): void {
    const got = this.next();
    if (got !== token) throw new Error(`rules-cost: expected "${token}", read "${got}"`);
  }

  expression(minPrecedence = 1): TNode {
    let left = this.unary();
    for (;;) {
      const op = this.peek();
      if (op === "?" && minPrecedence <= 1) {
        this.next();
        const then = this.expression();
        this.expect(":");
        left = { kind: "ternary", test: left, then, otherwise: this.expression() };
        continue;
      }
      const precedence = op === undefined ? undefined : BINARY[op];
      if (op === undefined || precedence === undefined || precedence < minPrecedence) return left;
      this.next();
      left = { kind: "binary", op, left, right: this.expression(precedence + 1) };
    }
  }

  unary(): TNode {
    if (this.peek() === "!" || this.peek() === "-") {
      this.next();
      return { kind: "unary", operand: this.unary() };
    }
    return this.postfix(this.primary());
  }

  postfix(node: TNode): TNode {
    for (;;) {
      const token = this.peek();
      if (token === ".") {
        this.next();
        node = { kind: "member", object: node, name: this.next() };
      } else if (token === "(") {
        this.next();
        node = { kind: "call", callee: node, args: this.items(")") };
      } else if (token === "[") {
        this.next();
        node = { kind: "index", object: node, index: this.expression() };
        this.expect("]");
      } else return node;
    }
  }

  items(close: string): TNode[] {
    const items: TNode[] = [];
    while (this.peek() !== close) {
      items.push(this.expression());
      if (this.peek() === ",") this.next();
    }
    this.next();
    return items;
  }

  primary(): TNode {
    const token = this.next();
    if (token === "(") {
      const inner = this.expression();
      this.expect(")");
      return inner;
    }
    if (token === "[") return { kind: "list", items: this.items("]") };
    if (token === "/") return this.path();
    return { kind: "leaf", text: token };
  }

  /** A document path, `/databases/$(database)/documents/users/$(request.auth.uid)`: its parts and its text. */
  path(): TNode {
    const parts: TNode[] = [];
    let text = "/";
    for (;;) {
      const token = this.peek();
      if (token === "$" && this.peek(1) === "(") {
        this.position += 2;
        const part = this.expression();
        this.expect(")");
        parts.push(part);
        text += `$(${nodeText(part)})`;
      } else if (token !== undefined && /^[\w-]+$|^[/()]$/.test(token) && token !== ")" && token !== "(") {
        this.next();
        text += token;
      } else return { kind: "path", parts, text };
    }
  }
}

/** An expression's text, as written (for telling documents apart). */
function nodeText(node: TNode): string {
  switch (node.kind) {
    case "leaf":
      return node.text;
    case "path":
      return node.text;
    case "member":
      return `${nodeText(node.object)}.${node.name}`;
    case "index":
      return `${nodeText(node.object)}[${nodeText(node.index)}]`;
    case "call":
      return `${nodeText(node.callee)}(${node.args.map(nodeText).join(",")})`;
    case "list":
      return `[${node.items.map(nodeText).join(",")}]`;
    case "unary":
      return `!${nodeText(node.operand)}`;
    case "binary":
      return `(${nodeText(node.left)} ${nodeText(node.right)})`;
    case "ternary":
      return `(${nodeText(node.test)}?${nodeText(node.then)}:${nodeText(node.otherwise)})`;
  }
}

const READS = new Set(["get", "exists", "getAfter", "existsAfter"]);

/** The worst-case count of a node, inlining `functions`; `bound` maps a parameter to its argument's text. */
function cost(
  node: TNode,
  functions: ReadonlyMap<string, TFunction>,
  bound: ReadonlyMap<string, string>,
  reads: Set<string>,
  depth = 0,
): number {
  const count = (child: TNode) => cost(child, functions, bound, reads, depth);
  switch (node.kind) {
    case "leaf":
      return 1;
    case "path":
      return 1 + node.parts.reduce((sum, part) => sum + count(part), 0);
    case "member":
      return 1 + count(node.object);
    case "index":
      return 1 + count(node.object) + count(node.index);
    case "list":
      return 1 + node.items.reduce((sum, item) => sum + count(item), 0);
    case "unary":
      return 1 + count(node.operand);
    case "binary":
      return (node.op === "&&" || node.op === "||" ? 2 : 1) + count(node.left) + count(node.right);
    case "ternary":
      return 2 + count(node.test) + Math.max(count(node.then), count(node.otherwise));
    case "call": {
      const args = node.args.reduce((sum, arg) => sum + count(arg), 0);
      const callee = node.callee.kind === "leaf" ? node.callee.text : undefined;
      if (callee && READS.has(callee)) {
        const [target] = node.args;
        reads.add(target ? substitute(nodeText(target), bound) : callee);
        return 1 + args;
      }
      const fn = callee ? functions.get(callee) : undefined;
      // A method (`d.keys()`) is one expression with its object; a function of the language, one.
      if (!fn) return 1 + args + (node.callee.kind === "member" ? count(node.callee.object) : 0);
      if (depth > 20) throw new Error(`rules-cost: ${callee} calls itself too deep`);
      const inner = new Map(bound);
      fn.params.forEach((param, index) => {
        const arg = node.args[index];
        inner.set(param, arg ? substitute(nodeText(arg), bound) : "");
      });
      const within = (child: TNode) => cost(child, functions, inner, reads, depth + 1);
      return 1 + args + fn.lets.reduce((sum, binding) => sum + within(binding.value), 0) + within(fn.body);
    }
  }
}

/** `text` with each bound parameter name replaced by its argument's text. */
function substitute(text: string, bound: ReadonlyMap<string, string>): string {
  return text.replace(/[A-Za-z_$][\w$]*/g, (name) => bound.get(name) ?? name);
}

/** Every `allow` statement of a Firestore rules text with its worst-case expressions and reads. */
export function ruleCosts(rules: string): TRuleCost[] {
  const reader = new Reader(tokenize(rules));
  const functions = new Map<string, TFunction>();
  const allows: { rule: string; condition: TNode }[] = [];
  const matches: string[] = [];
  const depthOfMatch: number[] = [];
  let braces = 0;
  while (reader.peek() !== undefined) {
    const token = reader.next();
    if (token === "{") braces += 1;
    else if (token === "}") {
      braces -= 1;
      if (depthOfMatch.at(-1) === braces) {
        depthOfMatch.pop();
        matches.pop();
      }
    } else if (token === "match") {
      let path = "";
      while (reader.peek() !== "{" || /[/=]$/.test(path)) path += reader.next();
      matches.push(path.replace(/^\/databases\/\{database\}\/documents/, ""));
      depthOfMatch.push(braces);
    } else if (token === "function") {
      const name = reader.next();
      reader.expect("(");
      const params: string[] = [];
      while (reader.peek() !== ")") {
        const param = reader.next();
        if (param !== ",") params.push(param);
      }
      reader.next();
      reader.expect("{");
      const lets: TFunction["lets"] = [];
      while (reader.peek() === "let") {
        reader.next();
        const letName = reader.next();
        reader.expect("=");
        lets.push({ name: letName, value: reader.expression() });
        reader.expect(";");
      }
      reader.expect("return");
      const body = reader.expression();
      if (reader.peek() === ";") reader.next();
      reader.expect("}");
      functions.set(name, { params, lets, body });
    } else if (token === "allow") {
      let methods = "";
      while (reader.peek() !== ":") methods += `${reader.next()} `;
      reader.next();
      reader.expect("if");
      allows.push({
        rule: `${matches.join("")} ${methods.trim().replace(/ ,/g, ",")}`,
        condition: reader.expression(),
      });
      if (reader.peek() === ";") reader.next();
    }
  }
  return allows.map(({ rule, condition }) => {
    const reads = new Set<string>();
    const expressions = cost(condition, functions, new Map(), reads);
    return { rule, expressions, reads: reads.size };
  });
}
