DROP INDEX listing_reports_once_a_day_idx;
ALTER TABLE listing_reports DROP COLUMN report_day;
ALTER TABLE cars DROP COLUMN max_delivery_miles;
DROP TABLE car_category_ratings, car_reviews;
