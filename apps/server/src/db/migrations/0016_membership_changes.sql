-- Realtime sockets and collaboration connections check membership when they subscribe or open, and must be cut off
-- when it ends, whoever ends it: a route (which also records MembershipEnded), the command line, a restore, or an
-- operator's SQL. These triggers send `member:<project id>:<user id>` on the channel `reqloom_auth` (the one the
-- session cache's triggers of 0013 use, so that each server hears both on one listening connection) when a
-- membership row goes away or changes and the change commits; TRUNCATE sends `member:*` (look at every membership
-- again). A project's deletion removes its rows by cascade, so it is heard too.
CREATE FUNCTION "reqloom_membership_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('reqloom_auth', 'member:*');
  ELSE
    PERFORM pg_notify('reqloom_auth', 'member:' || OLD.project_id::text || ':' || OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "project_users_membership_deleted" AFTER DELETE ON "project_users"
  FOR EACH ROW EXECUTE FUNCTION "reqloom_membership_changed"();--> statement-breakpoint
CREATE TRIGGER "project_users_membership_changed" AFTER UPDATE ON "project_users"
  FOR EACH ROW WHEN (NEW.project_id <> OLD.project_id OR NEW.user_id <> OLD.user_id)
  EXECUTE FUNCTION "reqloom_membership_changed"();--> statement-breakpoint
CREATE TRIGGER "project_users_membership_truncated" AFTER TRUNCATE ON "project_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "reqloom_membership_changed"();
