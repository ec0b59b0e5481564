import type { Trip } from '@/api/types';

/** The trip statuses (API.md, "Trips and payments decisions"). */
export const STATUS_LABELS: Record<string, string> = {
  requested: 'Waiting for the host',
  confirmed: 'Confirmed',
  modification_pending: 'Change requested',
  in_progress: 'In progress',
  completed: 'Completed',
  rejected: 'Declined by the host',
  cancelled_by_guest: 'Cancelled by you',
  cancelled_by_host: 'Cancelled by the host',
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status.replace(/_/g, ' ');

const MINUTE = 60_000;
/** Check-in opens 30 minutes before the start; photos may be added for 30 minutes after check-in or checkout. */
export const HANDOVER_WINDOW_MINUTES = 30;
/** Claims and issue reports: within 48 hours after the return (spec 002 section 9). */
export const CLAIM_WINDOW_HOURS = 48;

const HOLDS_CAR = new Set(['requested', 'confirmed', 'modification_pending', 'in_progress']);
const CANCELLABLE = new Set(['requested', 'confirmed', 'modification_pending']);
const FINAL = new Set(['rejected', 'cancelled_by_guest', 'cancelled_by_host']);

/** The newest history line of an action, if any. */
export function lastEvent(trip: Pick<Trip, 'history'>, action: string) {
  const lines = (trip.history ?? []).filter((h) => h.action === action);
  return lines.length ? lines[lines.length - 1] : undefined;
}

const time = (s: string | null | undefined) => {
  const t = s ? Date.parse(s) : NaN;
  return Number.isNaN(t) ? null : t;
};

export type CheckIn = { open: true } | { open: false; opensAt: Date };

export type TripActions = {
  cancel: boolean;
  modify: boolean;
  /** Withdraw the pending modification request (its creator only). */
  withdrawModification: boolean;
  /** The other party asked for a change: the guest waits or answers elsewhere. */
  modificationByOther: boolean;
  /** Null when check-in is not the next step. */
  checkIn: CheckIn | null;
  /** Check-in photos may still be added (30 minutes after check-in). */
  checkInPhotos: boolean;
  checkOut: boolean;
  checkOutPhotos: boolean;
  incidentals: boolean;
  reportIssue: boolean;
  agreement: boolean;
  drivers: boolean;
};

/**
 * What the viewer can do next with a trip, by its status (the server's transition table:
 * cancel from requested, confirmed or a pending change; change a confirmed trip; check in a
 * confirmed one from 30 minutes before its start; check out one in progress). These only
 * choose the buttons shown: the server decides every action.
 */
export function tripActions(trip: Trip, userId: string | null, now = new Date()): TripActions {
  const s = trip.status;
  const guest = trip.viewerRole === 'guest' || (!trip.viewerRole && userId !== null && trip.userId === userId);
  const onTrip = guest || trip.viewerRole === 'driver';
  const start = time(trip.startTime);
  const end = time(trip.endTime);
  const pending = s === 'modification_pending' ? lastEvent(trip, 'request_modification') : undefined;
  const mine = Boolean(pending && userId && pending.actorId === userId);
  let checkIn: CheckIn | null = null;
  if (guest && s === 'confirmed') {
    const opens = start === null ? null : start - HANDOVER_WINDOW_MINUTES * MINUTE;
    checkIn = opens === null || now.getTime() >= opens ? { open: true } : { open: false, opensAt: new Date(opens) };
  }
  const within = (at: number | null, minutes: number) => at !== null && now.getTime() <= at + minutes * MINUTE;
  const checkedIn = time(lastEvent(trip, 'check_in')?.at);
  const checkedOut = time(lastEvent(trip, 'checkout')?.at);
  const returned = checkedOut ?? end;
  const claimOpen = s !== 'completed' || within(returned, CLAIM_WINDOW_HOURS * 60);
  return {
    cancel: guest && CANCELLABLE.has(s),
    modify: guest && s === 'confirmed',
    withdrawModification: guest && mine,
    modificationByOther: s === 'modification_pending' && !mine,
    checkIn,
    checkInPhotos: guest && s === 'in_progress' && within(checkedIn, HANDOVER_WINDOW_MINUTES),
    checkOut: guest && s === 'in_progress',
    checkOutPhotos: guest && s === 'completed' && within(checkedOut, HANDOVER_WINDOW_MINUTES),
    incidentals: guest && (s === 'in_progress' || s === 'completed'),
    reportIssue: onTrip && (s === 'confirmed' || s === 'modification_pending' || s === 'in_progress' || s === 'completed') && claimOpen,
    agreement: onTrip && !FINAL.has(s) && s !== 'requested',
    drivers: guest && HOLDS_CAR.has(s),
  };
}

/** What the car's host (or support) can do from the trip page. */
export type HostTripActions = {
  /** Charge or remove incidentals: while the trip is under way and until 48 h after the return. */
  incidentals: boolean;
};

/** The host's next steps with a trip, by its status; the server decides (`getIncidentalOptions` says whether the window is open). */
export function hostTripActions(trip: Trip, now = new Date()): HostTripActions {
  const host = trip.viewerRole === 'host' || trip.viewerRole === 'admin';
  const s = trip.status;
  const returned = time(lastEvent(trip, 'checkout')?.at) ?? time(trip.endTime);
  const claimOpen = s === 'in_progress' || (s === 'completed' && returned !== null && now.getTime() <= returned + CLAIM_WINDOW_HOURS * 60 * MINUTE);
  return { incidentals: host && claimOpen };
}

/** Cancelled or rejected. */
export const isFinal = (status: string) => FINAL.has(status);
export const isCancelled = (status: string) => status === 'cancelled_by_guest' || status === 'cancelled_by_host';

