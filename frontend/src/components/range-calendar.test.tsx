import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RangeCalendar } from './range-calendar';

const now = new Date(2030, 5, 10, 12); // 10 June 2030
const day = (ymd: string) => document.querySelector(`[data-date="${ymd}"]`) as HTMLButtonElement;

describe('range calendar', () => {
  it('disables past and blocked days', () => {
    render(<RangeCalendar from="2030-06-12" until="2030-06-14" onSave={() => {}} now={now} isBlocked={(d) => d === '2030-06-20'} />);
    expect(day('2030-06-09')).toBeDisabled();
    expect(day('2030-06-10')).toBeEnabled();
    expect(day('2030-06-20')).toBeDisabled();
    expect(day('2030-06-20')).toHaveAccessibleName(/unavailable/);
  });

  it('moves the start back, extends the end, and saves', () => {
    const onSave = vi.fn();
    render(<RangeCalendar from="2030-06-12" until="2030-06-14" onSave={onSave} now={now} />);
    fireEvent.click(day('2030-06-11'));
    fireEvent.click(day('2030-06-18'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('2030-06-11', '2030-06-18');
  });

  it('with fixed days, a picked day starts the range and the end follows (long-term on mobile)', () => {
    const onSave = vi.fn();
    render(<RangeCalendar from="2030-06-11" until="2030-07-16" onSave={onSave} now={now} fixedDays={30} months={2} />);
    fireEvent.click(day('2030-06-15'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('2030-06-15', '2030-07-15');
  });

  it('moves between days with the arrow keys, into the next month too, never into the past', () => {
    const onSave = vi.fn();
    render(<RangeCalendar from="2030-06-30" until="2030-07-02" onSave={onSave} now={now} />);
    expect(document.activeElement).toBe(day('2030-06-30'));
    fireEvent.keyDown(day('2030-06-30'), { key: 'ArrowRight' });
    expect(screen.getByRole('group', { name: 'July 2030' })).toBeInTheDocument();
    expect(document.activeElement).toBe(day('2030-07-01'));
    fireEvent.keyDown(day('2030-07-01'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day('2030-07-08'));
    fireEvent.click(day('2030-07-08'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('2030-06-30', '2030-07-08');
  });

  it('the arrow keys stop at today', () => {
    render(<RangeCalendar from="2030-06-10" until="2030-06-12" onSave={() => {}} now={now} />);
    fireEvent.keyDown(day('2030-06-10'), { key: 'ArrowLeft' });
    fireEvent.keyDown(day('2030-06-10'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(day('2030-06-10'));
  });

  it('clears to tomorrow through the day after', () => {
    const onSave = vi.fn();
    render(<RangeCalendar from="2030-06-20" until="2030-06-25" onSave={onSave} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('2030-06-11', '2030-06-12');
  });

  it('refuses a range across a blocked day', () => {
    render(<RangeCalendar from="2030-06-18" until="2030-06-19" onSave={() => {}} now={now} isBlocked={(d) => d === '2030-06-20'} />);
    fireEvent.click(day('2030-06-22'));
    expect(screen.getByText('The car is unavailable on some of these days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows two months when asked (mobile)', () => {
    render(<RangeCalendar from="2030-06-12" until="2030-06-14" onSave={() => {}} now={now} months={2} />);
    expect(screen.getByRole('group', { name: 'June 2030' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'July 2030' })).toBeInTheDocument();
  });
});
