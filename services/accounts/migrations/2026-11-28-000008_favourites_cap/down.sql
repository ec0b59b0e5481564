DROP TRIGGER favourites_at_most_500 ON favourites;
DROP FUNCTION favourites_at_most_500();
