import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { AlternativesPanel, otherCarHref, rangeOf, type Alternatives } from './alternatives';

const range = { fromDate: '2030-01-10', fromTime: '10:00 AM', untilDate: '2030-01-12', untilTime: '2:30 PM' };
const alternatives: Alternatives = {
  sameCar: [
    { startDate: '2030-01-13', startTime: '10:00 AM', endDate: '2030-01-15', endTime: '2:30 PM' },
    { startDate: '2030-01-07', startTime: '10:00 AM', endDate: '2030-01-09', endTime: '2:30 PM' },
  ],
  otherCars: [{ carId: 'car-7', make: 'Toyota', model: 'Camry', carYear: 2022, distance: 1.24, finalPriceBeforeTax: 321 }],
};

describe('a taken car’s alternatives', () => {
  it('offers the nearest free dates, which replace the chosen ones, and similar cars for the same dates', async () => {
    const onPick = vi.fn();
    renderRoutes([{ path: '/car/car-1', element: <AlternativesPanel alternatives={alternatives} range={range} onPick={onPick} /> }], '/car/car-1');
    expect(screen.getByRole('heading', { name: 'This car is taken for these dates' })).toBeInTheDocument();
    const dates = screen.getAllByRole('button');
    expect(dates.map((b) => b.textContent)).toEqual(['Jan 13, 10:00 AM – Jan 15, 2:30 PM', 'Jan 7, 10:00 AM – Jan 9, 2:30 PM']);
    await userEvent.click(dates[0]);
    expect(onPick).toHaveBeenCalledWith(rangeOf(alternatives.sameCar[0]));
    const car = screen.getByRole('link', { name: '2022 Toyota Camry' });
    expect(car).toHaveAttribute('href', '/car/car-7?fromDate=2030-01-10&fromTime=10%3A00&untilDate=2030-01-12&untilTime=14%3A30');
    expect(car.parentElement).toHaveTextContent('1.2 mi · $321.00 before taxes');
  });

  it('says so when there is nothing to offer', () => {
    renderRoutes([{ path: '/', element: <AlternativesPanel alternatives={{ sameCar: [], otherCars: [] }} range={range} onPick={() => undefined} /> }], '/');
    expect(screen.getByText('No free dates or similar cars nearby: try other dates.')).toBeInTheDocument();
    expect(otherCarHref('a b', range)).toBe('/car/a%20b?fromDate=2030-01-10&fromTime=10%3A00&untilDate=2030-01-12&untilTime=14%3A30');
  });
});
