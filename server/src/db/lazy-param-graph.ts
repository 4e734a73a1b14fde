/**
 * Prisma's client turns the values of every query into placeholders before compiling it, so one query plan
 * serves every value (its plan cache). To know which arguments are values it walks a "parameterization
 * graph" of the schema's input and output types, which it ships as a compact binary string and decodes
 * into objects when the client starts: on this schema about 2,200 input types with their fields, 10.7 MB
 * of heap held for the life of the process, while the portal's queries touch a small part of it.
 *
 * This decoder reads the same bytes and the same format, but a node's edges only the first time a query
 * reaches that node. The production build swaps it in for Prisma's own (server/scripts/prisma-lean.plugin.mjs);
 * a test holds its answer to Prisma's eager decoder on the real schema (lazy-param-graph.test.ts).
 *
 * The format (Prisma 7's ParamGraph serializer): three varints (input nodes, output nodes, roots), then
 * each input node (a varint edge count; per edge: varint field name index, uint16 scalar mask, optional
 * varint child node, optional varint enum name index, uint8 flags), each output node (a varint edge
 * count; per edge: varint field name index, optional varint argument node, optional varint output node),
 * each root (varint name index, optional varint argument node, optional varint output node). An optional
 * varint is the value plus one, 0 for none.
 */

/** The graph as Prisma serializes it beside the generated client. */
export type TSerializedParamGraph = { strings: string[]; graph: string };

type TInputEdge = { flags: number; scalarMask?: number; childNodeId?: number; enumNameIndex?: number };
type TOutputEdge = { argsNodeId?: number; outputNodeId?: number };
type TNode<TEdge> = { readonly edges: Record<number, TEdge> };

/** What Prisma's client reads from its decoded graph (`inputNodes[id].edges[nameIndex]`, `roots[name]`). */
export type TParamGraph = {
  strings: string[];
  inputNodes: TNode<TInputEdge>[];
  outputNodes: TNode<TOutputEdge>[];
  roots: Record<string, TOutputEdge>;
};

class Reader {
  constructor(
    private readonly bytes: DataView,
    public offset = 0,
  ) {}

  varint(): number {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = this.bytes.getUint8(this.offset++);
      value |= (byte & 127) << shift;
      shift += 7;
    } while (byte >= 128);
    return value;
  }

  optionalVarint(): number | undefined {
    const value = this.varint();
    return value === 0 ? undefined : value - 1;
  }

  uint8(): number {
    return this.bytes.getUint8(this.offset++);
  }

  uint16(): number {
    const value = this.bytes.getUint16(this.offset, true);
    this.offset += 2;
    return value;
  }
}

function readInputEdge(reader: Reader): [number, TInputEdge] {
  const name = reader.varint();
  const scalarMask = reader.uint16();
  const childNodeId = reader.optionalVarint();
  const enumNameIndex = reader.optionalVarint();
  const edge: TInputEdge = { flags: reader.uint8() };
  if (scalarMask !== 0) edge.scalarMask = scalarMask;
  if (childNodeId !== undefined) edge.childNodeId = childNodeId;
  if (enumNameIndex !== undefined) edge.enumNameIndex = enumNameIndex;
  return [name, edge];
}

function readOutputEdge(reader: Reader): [number, TOutputEdge] {
  const name = reader.varint();
  const argsNodeId = reader.optionalVarint();
  const outputNodeId = reader.optionalVarint();
  const edge: TOutputEdge = {};
  if (argsNodeId !== undefined) edge.argsNodeId = argsNodeId;
  if (outputNodeId !== undefined) edge.outputNodeId = outputNodeId;
  return [name, edge];
}

/** One node: where its edges start in the bytes; decoded (and kept) the first time they are asked for. */
class LazyNode<TEdge> implements TNode<TEdge> {
  #edges: Record<number, TEdge> | undefined;

  constructor(
    private readonly bytes: DataView,
    private readonly offset: number,
    private readonly readEdge: (reader: Reader) => [number, TEdge],
  ) {}

  get edges(): Record<number, TEdge> {
    if (this.#edges) return this.#edges;
    const reader = new Reader(this.bytes, this.offset);
    const edges: Record<number, TEdge> = {};
    for (let count = reader.varint(); count > 0; count--) {
      const [name, edge] = this.readEdge(reader);
      edges[name] = edge;
    }
    this.#edges = edges;
    return edges;
  }
}

/** Walks `count` nodes from the reader's position, noting where each starts and skipping its edges. */
function lazyNodes<TEdge>(
  reader: Reader,
  bytes: DataView,
  count: number,
  readEdge: (reader: Reader) => [number, TEdge],
) {
  const nodes: LazyNode<TEdge>[] = [];
  for (let index = 0; index < count; index++) {
    nodes.push(new LazyNode(bytes, reader.offset, readEdge));
    for (let edges = reader.varint(); edges > 0; edges--) readEdge(reader);
  }
  return nodes;
}

/** Prisma's parameterization graph, its nodes' edges decoded on first use. */
export function lazyParamGraph(serialized: TSerializedParamGraph): TParamGraph {
  const buffer = Buffer.from(serialized.graph, "base64url");
  const bytes = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const reader = new Reader(bytes);
  const inputCount = reader.varint();
  const outputCount = reader.varint();
  const rootCount = reader.varint();
  const inputNodes = lazyNodes(reader, bytes, inputCount, readInputEdge);
  const outputNodes = lazyNodes(reader, bytes, outputCount, readOutputEdge);
  const roots: Record<string, TOutputEdge> = {};
  for (let index = 0; index < rootCount; index++) {
    const [name, edge] = readOutputEdge(reader);
    roots[serialized.strings[name]!] = edge;
  }
  return { strings: serialized.strings, inputNodes, outputNodes, roots };
}
