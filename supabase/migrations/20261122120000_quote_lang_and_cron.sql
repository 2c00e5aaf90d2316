-- The language of the page a request came from: the e-mail says when a French page sent it.
alter table public.quote_requests add column lang text not null default 'en' check (lang in ('en', 'fr'));

-- Pending e-mails go out even when no visitor arrives: Supabase Cron calls the function every minute with the
-- secret OUTBOX_SECRET, which it reads from Supabase Vault (docs/deploy.md, "The send-contact-email function on Supabase"). Elsewhere (a plain
-- PostgreSQL, the local PGlite) pg_cron and pg_net are not available and nothing is scheduled: the local server
-- runs the outbox on a timer instead.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.schedule(
      'send-contact-email-outbox',
      '* * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-contact-email',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'x-outbox-secret', (select decrypted_secret from vault.decrypted_secrets where name = 'outbox_secret')
          ),
          body := '{}'::jsonb
        )
      $job$
    );
  end if;
end
$$;
