-- The place a visitor gives (issue 28): the form's optional "City or ZIP" as typed (or as the finder filled it in), and,
-- when the finder led there, the nearest city with pages (a catalogue slug, checked by the function like city_slug) and
-- the great-circle distance to it in km. Rows stored before this migration get no place.
alter table public.quote_requests
  add column place text not null default '' check (char_length(place) <= 100),
  add column near_city_slug text not null default '' check (near_city_slug ~ '^[a-z0-9-]{0,100}$'),
  add column near_km numeric(6, 1) check (near_km between 0 and 20000),
  add constraint quote_requests_near_km_has_city check (near_km is null or near_city_slug <> '');
