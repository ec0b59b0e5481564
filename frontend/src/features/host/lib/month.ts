import type { Trip } from '@/api/types';
import { addDays, parseYmd, toYmd } from '@/lib/dates';
import type { Block, BlockInput } from '../api/custom-availability';

/** Trips that hold a car: the others (rejected, cancelled) free its days again. */
const HOLDING = new Set(['requested', 'confirmed', 'modification_pending', 'in_progress', 'completed']);

/** What one day of a car's month holds: its price for a trip starting that day, its trips and blocks. */
export type Day = {
  date: string;
  past: boolean;
  /** Dollars: the car's price for that date, or its daily price. */
  price: number;
  customPrice: boolean;
  trips: Trip[];
  blocks: Block[];
};

export type MonthInput = {
  carId: string;
  dailyPrice: number;
  datePrices: { date: string; dailyPrice: number }[];
  trips: Trip[];
  blocks: Block[];
  today: string;
};

/** Whether `date` lies in `from`..`until`, both included (all `YYYY-MM-DD`, so text order is date order). */
const within = (date: string, from: string, until: string) => from <= date && date <= until;

/** The trips of the car that hold it, each once (the host's upcoming and past lists may overlap). */
export function carTrips(carId: string, trips: Trip[]): Trip[] {
  const seen = new Set<string>();
  return trips.filter((t) => t.carId === carId && HOLDING.has(t.status) && !seen.has(t.tripId) && Boolean(seen.add(t.tripId)));
}

/** The blocks of this car: its own, and those of all the host's cars (an empty car list). */
export function carBlocks(carId: string, blocks: Block[]): Block[] {
  return blocks.filter((b) => b.carIds.length === 0 || b.carIds.includes(carId));
}

/**
 * The month as a calendar grid: `null` for the days of the first week before the 1st (weeks
 * start on Sunday), then every day of the month. A trip holds its car from its start date
 * through its end date, both included (the day it comes back is not free to start another).
 */
export function monthGrid(year: number, month: number, input: MonthInput): (Day | null)[] {
  const first = new Date(year, month, 1);
  const count = new Date(year, month + 1, 0).getDate();
  const prices = new Map(input.datePrices.map((p) => [p.date, p.dailyPrice]));
  const trips = carTrips(input.carId, input.trips);
  const blocks = carBlocks(input.carId, input.blocks);
  const days: Day[] = Array.from({ length: count }, (_, i) => {
    const date = toYmd(new Date(year, month, i + 1));
    const custom = prices.get(date);
    return {
      date,
      past: date < input.today,
      price: custom ?? input.dailyPrice,
      customPrice: custom !== undefined,
      trips: trips.filter((t) => within(date, t.startDate, t.endDate)),
      blocks: blocks.filter((b) => within(date, b.startDate, b.endDate)),
    };
  });
  return [...Array<null>(first.getDay()).fill(null), ...days];
}

/** Every date from `a` to `b`, both included, in either order. */
export function span(a: string, b: string): string[] {
  const [from, until] = a <= b ? [a, b] : [b, a];
  const out: string[] = [];
  const end = parseYmd(until);
  for (let d = parseYmd(from); d && end && d <= end; d = addDays(d, 1)) out.push(toYmd(d));
  return out;
}

const dayBefore = (ymd: string) => toYmd(addDays(parseYmd(ymd)!, -1));
const dayAfter = (ymd: string) => toYmd(addDays(parseYmd(ymd)!, 1));

/** A block of this car alone: one the host may change from the car's calendar. */
export const ownBlock = (b: Block, carId: string) => b.carIds.length === 1 && b.carIds[0] === carId;

/** The block as the availability call takes it back, with the changes given. */
function asInput(b: Block, carId: string, over: Partial<BlockInput>): BlockInput {
  return { _id: b._id, carId, startDate: b.startDate, startTime: b.startTime, endDate: b.endDate, endTime: b.endTime, reason: b.reason, ...over };
}

/**
 * The availability calls that free one day of a block of this car and keep the rest: the block
 * goes when it is that day alone, starts a day later or ends a day earlier when the day is an
 * end of it, and is cut in two around a day inside it (the first part kept, the second added).
 */
export function unblockDay(b: Block, carId: string, date: string): { action: 'update' | 'delete' | 'add'; blocks: BlockInput[] }[] {
  if (b.startDate === date && b.endDate === date) return [{ action: 'delete', blocks: [{ _id: b._id, carId }] }];
  if (b.startDate === date) return [{ action: 'update', blocks: [asInput(b, carId, { startDate: dayAfter(date), startTime: '' })] }];
  if (b.endDate === date) return [{ action: 'update', blocks: [asInput(b, carId, { endDate: dayBefore(date), endTime: '' })] }];
  const rest: BlockInput = { carId, startDate: dayAfter(date), startTime: '', endDate: b.endDate, endTime: b.endTime, reason: b.reason };
  return [
    { action: 'update', blocks: [asInput(b, carId, { endDate: dayBefore(date), endTime: '' })] },
    { action: 'add', blocks: [rest] },
  ];
}
