-- Who a session or access token belongs to is cached by each server (modules/auth/auth-cache.ts), so that a call
-- does not read its session before its own statements. A change that could make a cached answer wrong must reach
-- every server at once, whoever makes it: another instance, the command line connected directly to PostgreSQL, or
-- an operator's SQL. These triggers send the user's id on the channel `reqloom_auth` when it commits (a rollback
-- sends nothing); each server listens on it and forgets what it knew of that user. TRUNCATE sends '*' (forget all).
-- What only lengthens a life is not sent: a session's sliding expiry and a token's last use are written often, and a
-- cached copy that is older than the row is only shorter, never wrongly longer.
CREATE FUNCTION "reqloom_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('reqloom_auth', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('reqloom_auth', OLD.id::text);
  ELSE
    PERFORM pg_notify('reqloom_auth', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('reqloom_auth', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "reqloom_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_deleted" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "reqloom_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at OR NEW.token_hash <> OLD.token_hash OR NEW.user_id <> OLD.user_id)
  EXECUTE FUNCTION "reqloom_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "access_tokens_auth_deleted" AFTER DELETE ON "access_tokens"
  FOR EACH ROW EXECUTE FUNCTION "reqloom_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "access_tokens_auth_changed" AFTER UPDATE ON "access_tokens"
  FOR EACH ROW WHEN (NEW.token_hash <> OLD.token_hash OR NEW.user_id <> OLD.user_id)
  EXECUTE FUNCTION "reqloom_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "reqloom_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "reqloom_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "access_tokens_auth_truncated" AFTER TRUNCATE ON "access_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "reqloom_auth_changed"();
