-- Quote requests sent by the website's form (function send-contact-email).
-- The function stores each request first and e-mails it afterwards, so a request survives an
-- SMTP outage: rows stay 'pending' until an e-mail went out ('sent'); 'spam' rows (honeypot
-- filled) are never e-mailed; 'failed' rows gave up after repeated errors and wait for `npm run outbox`.
create table public.quote_requests (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  phone text not null default '' check (char_length(phone) <= 40),
  service text not null default '' check (char_length(service) <= 100),
  message text not null default '' check (char_length(message) <= 5000),
  page text not null default '' check (char_length(page) <= 300),
  -- One key per filled form, sent by the browser: a retry or a double click stores nothing new.
  idempotency_key text not null unique,
  -- HMAC of the client's IP address: enough for the rate limit, not the address itself.
  client_hash text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'spam', 'failed')),
  attempts integer not null default 0,
  last_error text,
  -- A sender claims a row until this time, so two senders never e-mail the same row.
  locked_until timestamptz,
  -- Earliest time of the next automatic attempt after a failure (backoff).
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz
);

-- The rate limit counts a client's recent rows. (No index on status: it would make every
-- "mark as sent" update rewrite all indexes; the outbox scans by id, fine at thousands of rows.)
create index quote_requests_client_recent on public.quote_requests (client_hash, created_at);

-- The table holds visitors' personal data: no access through the public API (anon or
-- authenticated keys). The function connects as the database owner, which bypasses this.
alter table public.quote_requests enable row level security;
