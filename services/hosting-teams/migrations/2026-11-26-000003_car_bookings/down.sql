DROP TABLE car_bookings;
