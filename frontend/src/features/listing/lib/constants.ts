/**
 * The listing wizard's business constants (spec 001 section 9). Every number a step uses lives
 * here, so the rules and their tests read the same values; the ones hosting enforces come from
 * the generated `@/api/policy` (its domain's constants).
 */
import { LISTING } from '@/api/policy';

/** "VIN length 17". */
export const VIN_LENGTH = LISTING.vinLength;
/** "Description minimum 60 words". */
export const MIN_DESCRIPTION_WORDS = LISTING.minDescriptionWords;
/** "Daily price warning threshold 50": under it the car is offered for long-term rentals only. */
export const DAILY_PRICE_WARNING = LISTING.dailyPriceWarningDollars;
/** "default daily price 50". */
export const DEFAULT_DAILY_PRICE = 50;

/** Advance notice options, hours: "1, 2, 3 (recommended, default), 6, 12, 24 (1 day)". */
export const ADVANCE_NOTICE_OPTIONS = [
  { value: 1, label: '1 hour' },
  { value: 2, label: '2 hours' },
  { value: 3, label: '3 hours (recommended)' },
  { value: 6, label: '6 hours' },
  { value: 12, label: '12 hours' },
  { value: 24, label: '1 day' },
] as const;
export const DEFAULT_ADVANCE_NOTICE = 3;

/** Minimum trip duration, days: "1 (recommended, default), 2, 3, 5, 7, 14, 30". */
export const MIN_TRIP_OPTIONS = [
  { value: 1, label: '1 day (recommended)' },
  { value: 2, label: '2 days' },
  { value: 3, label: '3 days' },
  { value: 5, label: '5 days' },
  { value: 7, label: '7 days' },
  { value: 14, label: '14 days' },
  { value: 30, label: '30 days' },
] as const;
export const DEFAULT_MIN_TRIP = 1;

/** Maximum booking duration, days: "7 (1 week), 15 (2 weeks), 30, 90, 1000 (shown as Any or Unlimited; default 1000)". */
export const MAX_TRIP_OPTIONS = [
  { value: 7, label: '1 week' },
  { value: 15, label: '2 weeks' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 1000, label: 'Any (unlimited)' },
] as const;
export const DEFAULT_MAX_TRIP = 1000;
/** The two-day weekend minimum is offered only when the minimum trip is this many days. */
export const TWO_DAY_WEEKEND_MIN_TRIP = 1;

/** "Seats 2 to 8 (default 4); doors 2 to 8 (default 4)". */
export const SEAT_OPTIONS = [2, 3, 4, 5, 6, 7, 8] as const;
export const DOOR_OPTIONS = [2, 3, 4, 5, 6, 7, 8] as const;
export const DEFAULT_SEATS = 4;
export const DEFAULT_DOORS = 4;
/** "gas type gas (default), hybrid, ev". */
export const GAS_TYPES = [
  { value: 'gas', label: 'Gas' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'ev', label: 'Electric (EV)' },
] as const;
export const DEFAULT_GAS_TYPE = 'gas';
/** "default plate state CA". */
export const DEFAULT_PLATE_STATE = 'CA';

/** Transmission choices: "Automatic (default) and Manual"; the server stores them lower case. */
export const TRANSMISSIONS = [
  { value: 'automatic', label: 'Automatic' },
  { value: 'manual', label: 'Manual' },
] as const;
export const DEFAULT_TRANSMISSION = 'automatic';
/** "Style Other defaults to sedan". */
export const STYLE_OTHER = 'Other';
export const STYLE_OTHER_DEFAULT = 'sedan';
/** "The year list has 50 years ending at the current year". */
export const YEAR_LIST_LENGTH = 50;

/** "Map default centre when unknown is the middle of the US; zoom 14." (Lebanon, Kansas.) */
export const US_CENTRE = { lat: 39.8283, lng: -98.5795 };
export const MAP_ZOOM = 14;
/** "Finalize redirect delay 3 s". */
export const FINALIZE_REDIRECT_MS = 3000;
/** The listing's country: "Country fixed to US". */
export const COUNTRY = 'US';
