-- The place a request came from (issue 16): the catalogue slugs of its page's city and service, checked by the function
-- against the site's catalogue (an unknown one is stored as ''). Rows stored before this migration get ''.
alter table public.quote_requests
  add column city_slug text not null default '' check (city_slug ~ '^[a-z0-9-]{0,100}$'),
  add column service_slug text not null default '' check (service_slug ~ '^[a-z0-9-]{0,100}$');

-- The outbox job deletes requests older than RETENTION_DAYS (docs/deploy.md): it finds them by their age.
create index quote_requests_created_at on public.quote_requests (created_at);
