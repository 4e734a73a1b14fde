/**
 * Every record a list query matches, read page by page at the largest page size: for the short lists
 * (a resident's rates, a subject's documents, the document types) and the computations that need a
 * whole set. `enough` stops early when the pages are sorted so that the rest is of no interest.
 */
import { MAX_PAGE_SIZE, type TListQuery, type TPage } from "./list-query.ts";
import type { DataPort } from "./ports/data.port.ts";
import type { TCollectionName, TRecordOf } from "./registry.ts";

export async function listAll<N extends TCollectionName>(
  data: DataPort,
  collection: N,
  query: Omit<TListQuery, "cursor" | "limit"> = {},
  enough: (page: TRecordOf<N>[]) => boolean = () => false,
): Promise<TRecordOf<N>[]> {
  const out: TRecordOf<N>[] = [];
  let cursor: string | undefined;
  do {
    const page: TPage<TRecordOf<N>> = await data.list(collection, {
      ...query,
      limit: MAX_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
    if (enough(page.items)) break;
  } while (cursor);
  return out;
}
