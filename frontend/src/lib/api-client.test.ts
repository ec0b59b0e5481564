import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { api, errorMessage, serverMessage } from './api-client';

const failure = async () => {
  try {
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'x' } });
  } catch (e) {
    return e;
  }
  throw new Error('the call succeeded');
};

describe('the message of a failed call', () => {
  it("is the server's message when it sent one", async () => {
    server.use(http.get('*/v1/cars/getCar/x', () => HttpResponse.json({ error: 'car_not_found', message: 'Car not found' }, { status: 404 })));
    const e = await failure();
    expect(serverMessage(e)).toBe('Car not found');
    expect(errorMessage(e, 'Failed to fetch car')).toBe('Car not found');
  });

  it("is the caller's text when the answer has no message, or there was no answer", async () => {
    server.use(http.get('*/v1/cars/getCar/x', () => new HttpResponse('Bad gateway', { status: 502 })));
    const e = await failure();
    expect(serverMessage(e)).toBeNull();
    expect(errorMessage(e, 'Failed to fetch car')).toBe('Failed to fetch car');
    server.use(http.get('*/v1/cars/getCar/x', () => HttpResponse.error()));
    expect(errorMessage(await failure(), 'Failed to fetch car')).toBe('Failed to fetch car');
  });
});
