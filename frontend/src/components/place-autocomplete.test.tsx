import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { PlaceAutocomplete, type SelectedPlace } from './place-autocomplete';

const place = (id: string, text: string, group: string) => ({ placeId: id, text, lat: 37.5, lng: -122, formatted_address: text, name: text, types: [], group });

function Harness({ onSelect }: { onSelect: (p: SelectedPlace) => void }) {
  const [v, setV] = useState('');
  return <PlaceAutocomplete label="Where" value={v} onTextChange={setV} onSelect={onSelect} />;
}

describe('place autocomplete', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('waits for 3 characters and 1 s of quiet, then shows the four groups in order', async () => {
    const inputs: string[] = [];
    server.use(
      http.get('*/v1/places/autocomplete', ({ request }) => {
        inputs.push(new URL(request.url).searchParams.get('input')!);
        const items = [place('a1', 'SFO Airport', 'Airport'), place('c1', 'Fremont, CA', 'City'), place('h1', 'Fremont Marriott Silicon Valley Hotel And Suites Downtown', 'Hotel')];
        return HttpResponse.json({ data: items, groups: [{ group: 'Airport', items: [items[0]] }, { group: 'City', items: [items[1]] }, { group: 'Hotel', items: [items[2]] }] });
      }),
    );
    const onSelect = vi.fn();
    renderWithProviders(<Harness onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Where' });
    fireEvent.change(input, { target: { value: 'fr' } });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(inputs).toEqual([]);
    fireEvent.change(input, { target: { value: 'fre' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.change(input, { target: { value: 'frem' } });
    await act(() => vi.advanceTimersByTimeAsync(1010));
    const groups = await screen.findAllByRole('group');
    // "fre" was replaced within the second, so only "frem" was ever asked.
    expect(inputs).toEqual(['frem']);
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['City', 'Airport', 'Hotel']);
    // Labels are cut at 40 characters.
    expect(screen.getByRole('option', { name: /^Fremont Marriott/ }).textContent!.length).toBe(40);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith({ formatted_address: 'Fremont, CA', lat: 37.5, lng: -122 });
  });

  it('clears suggestions when the call fails', async () => {
    server.use(http.get('*/v1/places/autocomplete', () => HttpResponse.json({ error: 'internal_error', message: 'x' }, { status: 500 })));
    renderWithProviders(<Harness onSelect={() => {}} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'fremont' } });
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
