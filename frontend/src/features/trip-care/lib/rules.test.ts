import { describe, expect, it } from 'vitest';
import { agreementAccess, agreementFailedPath } from './agreement-access';
import { checkInOpensAt, isCheckInOpen, msUntilCheckIn } from './check-in-window';
import { chargeLines, chargeName, matchingEntry } from './issue-charges';
import { photoPath, reportKind, selectionText } from './photo-target';
import { photoProblem, photoType } from './photo-rules';
import type { IssueChargeEntry } from '../api/get-issue-charges';
import type { IncidentalOption } from '../api/get-incidental-options';
import { draftToItem, EMPTY_DRAFT, optionPrice, unavailableReason, type IncidentalDraft } from './incidentals';

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

describe("the host's incidental drafts", () => {
  const facts = { averageDailyRate: 100, milesIncluded: 400, pricePerMile: 0.45, minutesLate: 45 };
  const kind = (computedFrom: string, over: Partial<IncidentalOption> = {}): IncidentalOption => ({ type: computedFrom, label: computedFrom, rule: '', computedFrom, amount: null, rate: null, maxAmount: null, amountNow: null, ...over });
  const draft = (over: Partial<IncidentalDraft>): IncidentalDraft => ({ ...EMPTY_DRAFT, chosen: true, ...over });

  it.each([
    ['12.5', { item: { type: 'amount', description: '', amount: 12.5 } }],
    ['2500', { item: { type: 'amount', description: '', amount: 2500 } }],
    ['2500.01', { errors: { amount: 'Enter at most $2,500.00.' } }],
    ['0', { errors: { amount: 'Enter the amount paid, more than $0.' } }],
    ['', { errors: { amount: 'Enter the amount paid, more than $0.' } }],
    ['3.456', { errors: { amount: 'Enter dollars and cents (2 decimals at most).' } }],
  ])('an amount of %j gives %j', (amount, out) => {
    expect(draftToItem(kind('amount', { maxAmount: 2500 }), draft({ amount }), facts)).toEqual(out);
  });

  it.each([
    ['401', { item: { type: 'miles', description: '', milesDriven: 401 } }],
    ['400', { errors: { miles: 'Enter the miles driven on the trip, more than the 400 included.' } }],
    ['12.5', { errors: { miles: 'Enter the miles driven on the trip, more than the 400 included.' } }],
    ['1000001', { errors: { miles: 'Enter at most 1,000,000 miles.' } }],
  ])('%j miles driven gives %j', (miles, out) => {
    expect(draftToItem(kind('miles'), draft({ miles }), facts)).toEqual(out);
  });

  it('sends the improper return of a late return and the trimmed note; a note over 1,000 characters is refused', () => {
    expect(draftToItem(kind('lateness'), draft({ improperReturn: true, note: '  came back at 2 ' }), facts)).toEqual({ item: { type: 'lateness', description: 'came back at 2', improperReturn: true } });
    expect(draftToItem(kind('fixed'), draft({ note: 'x'.repeat(1001) }), facts)).toEqual({ errors: { note: 'A note has at most 1,000 characters.' } });
  });

  it('says why a kind cannot be charged, and what it costs otherwise', () => {
    expect(unavailableReason(kind('lateness'), { ...facts, minutesLate: 12 })).toBe('Returned 12 min late: within the 30-minute grace period, nothing to charge.');
    expect(unavailableReason(kind('lateness'), { ...facts, minutesLate: 0 })).toBe('The car was not returned late.');
    expect(unavailableReason(kind('lateness', { amountNow: 50 }), facts)).toBeNull();
    expect(unavailableReason(kind('miles'), { ...facts, pricePerMile: 0 })).toBe('This trip has no price per extra mile.');
    expect(optionPrice(kind('fixed', { amount: 154.5 }), facts)).toBe('$154.50');
    expect(optionPrice(kind('lateness', { amountNow: 50 }), facts)).toBe('$50.00 for 45 min late');
    expect(optionPrice(kind('amount', { maxAmount: 2500 }), facts)).toBe('The amount paid, up to $2,500.00');
  });
});
