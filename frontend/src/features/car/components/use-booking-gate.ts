import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toast';
import { logBookingStarted } from '@/lib/activity';
import { errorMessage } from '@/lib/api-client';
import { useAuthPrompt } from '@/lib/auth';
import { rangeError, type TripRange } from '@/lib/dates';
import { getSession, userIdOf } from '@/lib/session';
import { useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/api/get-me';
import { carAvailabilityQueryOptions } from '../api/check-car-availability';
import { userAvailabilityQueryOptions } from '../api/is-user-available';
import { priceRange } from '../api/get-trip-price';
import type { Alternatives } from './alternatives';
import type { Delivery } from './pickup-location';

const PENDING = 'pendingVerify';

export function bookingQuery(carId: string, r: TripRange, delivery?: Delivery | null): string {
  const q = new URLSearchParams({ carId, startDate: r.fromDate, endDate: r.untilDate, startTime: r.fromTime, endTime: r.untilTime });
  if (delivery) {
    q.set('pickUpLatitude', String(delivery.latitude));
    q.set('pickUpLongitude', String(delivery.longitude));
    q.set('pickUpAddress', delivery.address);
  }
  return q.toString();
}

/**
 * The trust gate of spec 000 section 4.6: login first (a pending flag survives the modal),
 * then the car's availability, the profile's verification fields, the user's own
 * availability, and finally /checkout or /verification/prebook.
 */
export function useBookingGate(carId: string, range: TripRange, delivery: Delivery | null = null) {
  const navigate = useNavigate();
  const prompt = useAuthPrompt();
  const toast = useToast();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  // What a taken car offers instead, until the dates change or Book is pressed again.
  const [alternatives, setAlternatives] = useState<Alternatives | null>(null);

  const run = useCallback(
    async (afterLogin: boolean) => {
      if (rangeError(range)) return;
      const session = getSession();
      if (!session) {
        sessionStorage.setItem(PENDING, 'true');
        prompt.open('login', {
          onSuccess: () => {
            sessionStorage.removeItem(PENDING);
            void run(true);
          },
          onClose: () => sessionStorage.removeItem(PENDING),
        });
        return;
      }
      const r = priceRange(range);
      const query = bookingQuery(carId, r, delivery);
      setBusy(true);
      setAlternatives(null);
      try {
        try {
          const a = await qc.fetchQuery(carAvailabilityQueryOptions(carId, r));
          if ('alternatives' in a) {
            setAlternatives(a.alternatives);
            return toast.show(a.message || 'This car is not available for these dates.', 'error', 4000);
          }
          if (!a.available) return toast.show(a.message || 'An error occurred while checking availability. Please try again.', 'error', 4000);
        } catch (e) {
          return toast.show(errorMessage(e, 'An error occurred while checking availability. Please try again.'), 'error', 4000);
        }
        let user;
        try {
          // Always fresh: the verification fields change as the user completes them.
          user = await qc.fetchQuery({ ...meQueryOptions(userIdOf(session.user) ?? ''), staleTime: 0, retry: false });
        } catch (e) {
          return toast.show(errorMessage(e, 'An error occurred while fetching user details'), 'error', 4000);
        }
        const needed = user.preBookVerifNeededFields ?? {};
        const complete = !needed.dob && needed.emailVerified === true && !needed.dlUploadNeeded;
        const professionalShortcut = afterLogin && user.isProfessionalUser === true;
        if (!complete && !professionalShortcut) {
          navigate(`/verification/prebook?${query}`);
          return;
        }
        try {
          const u = await qc.fetchQuery(userAvailabilityQueryOptions(r));
          if (!u.isUserAvailable) {
            toast.show('User is not available.', 'error', 3000);
            navigate('/error/user-trips-error');
            return;
          }
        } catch (e) {
          console.warn('user availability failed', e);
          return toast.show('An error occurred while checking user availability. Please try again.', 'error', 4000);
        }
        navigate(`/checkout?${query}`);
      } finally {
        setBusy(false);
      }
    },
    [carId, range, delivery, navigate, prompt, toast, qc],
  );

  // Book pressed: the booking started event (spec 000 section 7), with the car and the dates.
  const proceed = () => {
    if (!rangeError(range)) {
      const r = priceRange(range);
      logBookingStarted(carId, { startDate: r.fromDate, startTime: r.fromTime, endDate: r.untilDate, endTime: r.untilTime });
    }
    return run(false);
  };

  const clearAlternatives = useCallback(() => setAlternatives(null), []);
  return { proceed, busy, alternatives, clearAlternatives };
}
