-- Additional drivers read the trips they joined, and find them in their trip lists.
CREATE INDEX trip_additional_drivers_by_user ON trip_additional_drivers (user_id, trip_id)
    WHERE status = 'added';
