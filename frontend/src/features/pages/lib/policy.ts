/**
 * The policy constants of the terms of service (spec 002 section 9) and the support constants of
 * spec 000 section 9, in one place so the terms, the cancellation policy, the protection page and
 * the help page state the same numbers. The ones a service enforces come from the generated
 * `@/api/policy` (the domains' own constants); the rest are the terms' text alone.
 */
import { CANCELLATION as RULES, DRIVER, FEES as CHARGES, LISTING, TRIPS, TRIP_WINDOW } from '@/api/policy';

/** Renters and owners alike. */
export const MINIMUM_AGE = DRIVER.minimumAge;

/** What a car must be to be listed. */
export const VEHICLE = { minModelYear: LISTING.minModelYear, maxMiles: LISTING.maxOdometerMilesExclusive } as const;

/**
 * Guest cancellation: free within 1 hour of booking; more than 24 h before the start a full
 * refund; 24 h or less, 50 % back and the owner earns 24 %; after the start (or a no-show)
 * nothing back and the owner earns 100 %. "More than 24 h" is strict: at exactly 24 h the 50 %
 * rule applies (pricing's refund rule).
 */
export const CANCELLATION = {
  graceHoursAfterBooking: RULES.graceMinutesAfterBooking / 60,
  fullRefundHoursBeforeStart: RULES.fullRefundHoursBeforeStart,
  lateRefundPercent: RULES.lateRefundPercent,
  lateOwnerEarningsPercent: RULES.lateOwnerEarningsPercent,
  afterStartOwnerEarningsPercent: 100,
  /** A host's cancellations over bookings: over 2 % is the penalty band, over 4 % the threshold. */
  hostPenaltyBandPercent: 2,
  hostThresholdPercent: 4,
  disputeHoursAfterCancellation: 24,
  payoutFinalHoursAfterCancellation: 24,
} as const;

export const DEADLINES = {
  checkPhotosMinutes: TRIPS.photoWindowMinutes,
  photosKeptYears: 3,
  proofOfAddressMonths: 3,
  paymentDisputeHours: 48,
  paymentDisputeWithDamageDays: 30,
  evidenceUploadHours: 48,
  claimHoursAfterReturn: TRIPS.claimWindowHours,
  theftPoliceReportHours: 24,
  supplementalDamageDays: 30,
  storageFeeMaxHours: 48,
  holdReleaseDays: TRIPS.holdReleaseDays,
  holdReleaseWithDamageDays: TRIPS.holdReleaseWithClaimsDays,
  closeAccountAfterTermsChangeDays: 30,
  arbitrationOptOutDays: 30,
  liabilityMonths: 12,
} as const;

export const FEES = {
  smoking: CHARGES.smoking,
  cleaning: CHARGES.cleaning,
  cleaningProcessingPercent: CHARGES.cleaningProcessingPercent,
  improperReturn: CHARGES.improperReturn,
  lateReturn: CHARGES.lateReturn,
  /** Owners are paid in a month only when they are owed more than this; less rolls over. */
  payoutMinimum: TRIPS.payoutMinimum,
  arbitrationSmallClaims: 25_000,
} as const;

export const ROADSIDE = { reimbursedMiles: 25, tyreWearPercent: 50, parkingHours: 2, parkingFeeHours: 24 } as const;

/** What counts as normal wear, in inches (and windshield chips). */
export const WEAR = { bumperDentInches: 2, scratchInches: 5, paintDentInches: 3, windshieldChips: 2 } as const;

/** Marketing claims of spec 000 section 1 that the pages repeat. */
export const LONG_TERM = {
  minDays: TRIP_WINDOW.longTermDays,
  maxDiscountPercent: TRIP_WINDOW.maxLongTermDiscountPercent,
} as const;
export const FIRST_TRIP_OFFER = 'Save $50 on first trip';

export const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;
