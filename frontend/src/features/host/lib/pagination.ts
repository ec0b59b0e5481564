/** One item of a pager: a page number, or a gap between numbers. */
export type PageItem = number | 'gap';

/**
 * The pages a pager shows: the first, the last and a window of `around` pages each side of the
 * current one, with a gap where numbers are left out (spec 001 section 9's pagination).
 */
export function pageItems(current: number, total: number, around = 2): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const pages = new Set<number>([1, total]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageItem[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** A page number from the address bar: a whole number from 1, else 1. */
export function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
