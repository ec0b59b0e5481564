import { describe, expect, it } from 'vitest';
import { trip } from '@/test/fixtures';
import type { Block } from '../api/custom-availability';
import { carTrips, monthGrid, span, unblockDay } from './month';

const block = (over: Partial<Block> = {}): Block => ({ _id: 'b1', carIds: ['car-1'], startDate: '2030-01-10', startTime: '', endDate: '2030-01-14', endTime: '', reason: 'Service', ...over });

describe("a car's month", () => {
  const input = {
    carId: 'car-1',
    dailyPrice: 92,
    datePrices: [{ date: '2030-01-01', dailyPrice: 150 }],
    trips: [
      trip({ tripId: 't1', startDate: '2030-01-03', endDate: '2030-01-05', status: 'confirmed' }),
      trip({ tripId: 't2', startDate: '2030-01-20', endDate: '2030-01-21', status: 'cancelled_by_guest' }),
      trip({ tripId: 't3', carId: 'car-2', startDate: '2030-01-08', endDate: '2030-01-09', status: 'confirmed' }),
    ],
    blocks: [block(), block({ _id: 'all', carIds: [], startDate: '2030-01-31', endDate: '2030-02-02' }), block({ _id: 'other', carIds: ['car-2'], startDate: '2030-01-25', endDate: '2030-01-25' })],
    today: '2030-01-02',
  };

  it('starts on the weekday of the 1st and holds every day of the month', () => {
    const grid = monthGrid(2030, 0, input);
    // 1 January 2030 is a Tuesday: two empty cells (Sunday, Monday) first.
    expect(grid.slice(0, 2)).toEqual([null, null]);
    expect(grid.filter(Boolean)).toHaveLength(31);
    expect(grid[2]?.date).toBe('2030-01-01');
  });

  it("gives each day its price, a date's own price before the daily one", () => {
    const days = monthGrid(2030, 0, input).filter((d) => d !== null);
    expect(days[0]).toMatchObject({ price: 150, customPrice: true, past: true });
    expect(days[1]).toMatchObject({ price: 92, customPrice: false, past: false });
  });

  it("places the car's holding trips on their days, end day included, and its blocks and the all-cars blocks", () => {
    const at = (date: string) => monthGrid(2030, 0, input).find((d) => d?.date === date)!;
    expect(at('2030-01-02').trips).toEqual([]);
    expect(['2030-01-03', '2030-01-04', '2030-01-05'].map((d) => at(d).trips.map((t) => t.tripId))).toEqual([['t1'], ['t1'], ['t1']]);
    expect(at('2030-01-06').trips).toEqual([]);
    expect(at('2030-01-20').trips).toEqual([]); // cancelled
    expect(at('2030-01-08').trips).toEqual([]); // another car
    expect(at('2030-01-14').blocks.map((b) => b._id)).toEqual(['b1']);
    expect(at('2030-01-15').blocks).toEqual([]);
    expect(at('2030-01-25').blocks).toEqual([]); // another car's block
    expect(at('2030-01-31').blocks.map((b) => b._id)).toEqual(['all']);
  });

  it('counts a trip listed twice once', () => {
    const t = trip({ tripId: 't1', status: 'completed' });
    expect(carTrips('car-1', [t, t])).toHaveLength(1);
  });

  it('spans the days between two picks in either order', () => {
    expect(span('2030-01-30', '2030-02-01')).toEqual(['2030-01-30', '2030-01-31', '2030-02-01']);
    expect(span('2030-02-01', '2030-01-31')).toEqual(['2030-01-31', '2030-02-01']);
    expect(span('2030-01-05', '2030-01-05')).toEqual(['2030-01-05']);
  });
});

describe('freeing one day of a block', () => {
  it('removes a block of that day alone', () => {
    expect(unblockDay(block({ startDate: '2030-01-10', endDate: '2030-01-10' }), 'car-1', '2030-01-10')).toEqual([{ action: 'delete', blocks: [{ _id: 'b1', carId: 'car-1' }] }]);
  });

  it('starts the block a day later from its first day, from the start of that day', () => {
    const [step] = unblockDay(block({ startTime: '3:00 PM' }), 'car-1', '2030-01-10');
    expect(step).toEqual({ action: 'update', blocks: [{ _id: 'b1', carId: 'car-1', startDate: '2030-01-11', startTime: '', endDate: '2030-01-14', endTime: '', reason: 'Service' }] });
  });

  it('ends the block a day earlier from its last day', () => {
    const [step] = unblockDay(block({ endTime: '9:00 AM' }), 'car-1', '2030-01-14');
    expect(step.blocks[0]).toMatchObject({ startDate: '2030-01-10', endDate: '2030-01-13', endTime: '' });
  });

  it('cuts the block in two around a day inside it, the second part keeping its end and note', () => {
    const steps = unblockDay(block({ endTime: '9:00 AM' }), 'car-1', '2030-01-12');
    expect(steps).toEqual([
      { action: 'update', blocks: [{ _id: 'b1', carId: 'car-1', startDate: '2030-01-10', startTime: '', endDate: '2030-01-11', endTime: '', reason: 'Service' }] },
      { action: 'add', blocks: [{ carId: 'car-1', startDate: '2030-01-13', startTime: '', endDate: '2030-01-14', endTime: '9:00 AM', reason: 'Service' }] },
    ]);
  });
});
