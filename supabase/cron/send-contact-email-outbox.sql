-- Supabase Cron: every minute, asks the send-contact-email function to e-mail the quote requests
-- still unsent (after an SMTP outage, or when an instance stopped between storing and e-mailing),
-- with or without visitors. Run this once per project (SQL editor, or psql "$SUPABASE_DB_URL" -f),
-- after storing two secrets in Vault (never in this file):
--
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<the function''s OUTBOX_SECRET>', 'send_contact_email_outbox_secret');
--
-- Running it again replaces the job: cron.schedule updates a job of the same name.
-- Not a migration: pg_cron, pg_net and Vault exist on Supabase, not in PGlite or a plain PostgreSQL.
create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

select cron.schedule(
  'send-contact-email-outbox',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-contact-email',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'x-outbox-secret', (select decrypted_secret from vault.decrypted_secrets where name = 'send_contact_email_outbox_secret')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 30000
  );
  $$
);
