import { describe, expect, it } from 'vitest';
import { agreementAccess, agreementFailedPath } from './agreement-access';
import { checkInOpensAt, isCheckInOpen, msUntilCheckIn } from './check-in-window';
import { chargeLines, chargeName, matchingEntry } from './issue-charges';
import { photoPath, reportKind, selectionText } from './photo-target';
import { photoProblem, photoType } from './photo-rules';
import type { IssueChargeEntry } from '../api/get-issue-charges';

describe('the check-in window', () => {
  const start = '2030-01-10T10:00:00-08:00';
  it.each([
    ['2030-01-10T09:29:59-08:00', false],
    ['2030-01-10T09:30:00-08:00', true],
    ['2030-01-10T10:15:00-08:00', true],
    ['2030-01-09T10:00:00-08:00', false],
  ])('at %s check-in is open: %s', (now, open) => {
    expect(isCheckInOpen(start, new Date(now))).toBe(open);
  });
  it('opens 30 minutes before the start, and says how long until then', () => {
    expect(checkInOpensAt(start)?.toISOString()).toBe('2030-01-10T17:30:00.000Z');
    expect(msUntilCheckIn(start, new Date('2030-01-10T09:20:00-08:00'))).toBe(10 * 60 * 1000);
    expect(msUntilCheckIn(start, new Date('2030-01-10T09:40:00-08:00'))).toBe(0);
  });
  it('leaves an unknown start to the server', () => {
    expect(checkInOpensAt('not a date')).toBeNull();
    expect(isCheckInOpen(undefined)).toBe(true);
  });
});

describe('where attached photos go', () => {
  it.each([
    ['/trip/photos/report-issue/damage', 'report-issue', 'damage'],
    ['/trip/photos/report-damage/front_bumper', 'report-damage', 'front_bumper'],
    ['/trip/photos/incidence/smoking', 'incidence', 'smoking'],
    ['/trip/photos/anything/tolls', 'incidence', 'tolls'],
  ])('%s goes to %s, category %s', (path, kind, category) => {
    expect(photoPath(path)).toEqual({ kind, category });
  });
  it('reads report-issue or report-damage anywhere in the path', () => {
    expect(reportKind('my-report-issue-x')).toBe('report-issue');
    expect(reportKind('report-damage')).toBe('report-damage');
    expect(reportKind('')).toBe('incidence');
  });
  it('counts the selection as the spec writes it', () => {
    expect(selectionText(0)).toBe('Nothing selected yet');
    expect(selectionText(1)).toBe('1 photo selected');
    expect(selectionText(3)).toBe('3 photos selected');
  });
});

describe('photo checks', () => {
  const f = (name: string, type: string, size = 10) => ({ name, type, size });
  it('takes JPEG, PNG and HEIC, typing an untyped HEIC from its name', () => {
    expect(photoType(f('a.jpg', 'image/jpeg'))).toBe('image/jpeg');
    expect(photoType(f('a.png', 'image/png'))).toBe('image/png');
    expect(photoType(f('IMG_1.HEIC', ''))).toBe('image/heic');
    expect(photoType(f('a.gif', 'image/gif'))).toBeNull();
  });
  it('names what is wrong with a file', () => {
    expect(photoProblem(f('a.gif', 'image/gif'))).toBe('a.gif is not a JPEG, PNG or HEIC photo.');
    expect(photoProblem(f('big.jpg', 'image/jpeg', 20 * 1024 * 1024 + 1))).toBe('big.jpg exceeds the maximum size of 20MB.');
    expect(photoProblem(f('empty.png', 'image/png', 0))).toBe('empty.png is empty.');
    expect(photoProblem(f('ok.png', 'image/png'))).toBeNull();
  });
});

describe('the summary card in report mode', () => {
  const entries: IssueChargeEntry[] = [
    { type: 'smoking', label: 'Smoking', charges: { Smoking_fine: { price: '250.00' } }, chargeLines: [], total: 250 },
    { type: 'cleaning', label: 'Cleaning', charges: { Cleaning_fee: { price: '150.00' }, Processing_fee: { price: '4.50' }, Discount: { price: '0.00' } }, chargeLines: [], total: 154.5 },
  ];
  it('keeps only the matching issue type', () => {
    expect(matchingEntry(entries, 'cleaning')?.label).toBe('Cleaning');
    expect(matchingEntry(entries, 'late-return')).toBeNull();
  });
  it('lists prices above zero only, with spaces for underscores', () => {
    expect(chargeLines(entries[1].charges)).toEqual([
      { name: 'Cleaning fee', price: 150 },
      { name: 'Processing fee', price: 4.5 },
    ]);
    expect(chargeName('Late_return_fee')).toBe('Late return fee');
  });
});

describe('opening the rental agreement', () => {
  const here = '/rental-agreement?tripId=t1';
  it('uses the logged-in token first', () => {
    expect(agreementAccess('t1', 'session-token', 'url-token', here)).toEqual({ kind: 'session' });
  });
  it("else the URL's token", () => {
    expect(agreementAccess('t1', null, 'url-token', here)).toEqual({ kind: 'url-token', token: 'url-token' });
  });
  it('goes to /login-static without a trip id or a token', () => {
    const to = `/login-static?nextPage=${encodeURIComponent(here)}`;
    expect(agreementAccess(null, 'session-token', null, here)).toEqual({ kind: 'login', to });
    expect(agreementAccess('t1', null, null, here)).toEqual({ kind: 'login', to });
  });
  it('sends a failed load back to the trip', () => {
    expect(agreementFailedPath('t1')).toBe('/bookings?tripId=t1');
  });
});
