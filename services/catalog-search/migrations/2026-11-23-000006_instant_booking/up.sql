-- Whether a booking is confirmed at once (instant booking, the default) or waits for the host.
ALTER TABLE cars ADD COLUMN instant_booking boolean NOT NULL DEFAULT true;
