DROP TABLE listing_rules;
DROP TABLE listing_places;
DROP TABLE listings;
