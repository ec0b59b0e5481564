DROP TABLE listing_reports, places, car_unavailability, cars;
