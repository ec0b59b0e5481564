import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { place } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { PlaceAutocomplete, type SelectedPlace } from './place-autocomplete';

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
        return HttpResponse.json<Answer<'/v1/places/autocomplete', 'get'>>({ status: true, data: items, groups: [{ group: 'Airport', items: [items[0]] }, { group: 'City', items: [items[1]] }, { group: 'Hotel', items: [items[2]] }] });
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

  it('offers the current location before typing and names it by reverse geocoding', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/v1/places/geocode', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json<Answer<'/v1/places/geocode', 'get'>>({ status: true, results: [{ ...place('c1', 'Fremont, CA, USA', 'City'), distanceMiles: 0.4 }] });
      }),
    );
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 37.5485, longitude: -121.9886 } } as GeolocationPosition));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    try {
      const onSelect = vi.fn();
      renderWithProviders(<Harness onSelect={onSelect} />);
      const input = screen.getByRole('combobox', { name: 'Where' });
      fireEvent.focus(input);
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      fireEvent.keyDown(input, { key: 'Enter' });
      await vi.waitFor(() => expect(onSelect).toHaveBeenCalled());
      // The browser's own fix, named after the nearest place.
      expect(onSelect).toHaveBeenCalledWith({ formatted_address: 'Fremont, CA, USA', lat: 37.5485, lng: -121.9886 });
      expect(asked).toEqual(['?latitude=37.548&longitude=-121.989&limit=1']);
      expect((input as HTMLInputElement).value).toBe('Fremont, CA, USA');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing visible when the location is denied (logged only)', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code: 1, message: 'denied' } as GeolocationPositionError));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const onSelect = vi.fn();
      renderWithProviders(<Harness onSelect={onSelect} />);
      const input = screen.getByRole('combobox', { name: 'Where' });
      fireEvent.focus(input);
      fireEvent.mouseDown(screen.getByRole('option', { name: 'Use current location' }));
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      expect(onSelect).not.toHaveBeenCalled();
      expect((input as HTMLInputElement).value).toBe('');
    } finally {
      warn.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('clears suggestions when the call fails', async () => {
    server.use(http.get('*/v1/places/autocomplete', () => HttpResponse.json({ error: 'internal_error', message: 'x' }, { status: 500 })));
    renderWithProviders(<Harness onSelect={() => {}} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'fremont' } });
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
