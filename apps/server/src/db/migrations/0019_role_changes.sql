-- A member's role decides whether its open collaboration connections may write (decisions §20). A route that changes
-- a role records MembershipRoleChanged and ProjectMembersChanged, which every instance hears on the bus; a role
-- changed anywhere else (an operator's SQL, a script) was seen only at the 30 s sweep. This trigger sends
-- `role:<project id>:<user id>:<role>` on the channel `reqloom_auth` (0013's and 0016's: one listening connection)
-- when a membership's role changes and the change commits. Notifications arrive in commit order, so the role named
-- by the last one is the role committed last. The route's own transaction sets `reqloom.role_announced` (its facts
-- already tell every instance): the trigger stays quiet there, so that browsers are not told twice. A row moved to
-- another project or user is 0016's to announce.
CREATE FUNCTION "reqloom_role_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reqloom_auth', 'role:' || NEW.project_id::text || ':' || NEW.user_id::text || ':' || NEW.role);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "project_users_role_changed" AFTER UPDATE OF "role" ON "project_users"
  FOR EACH ROW WHEN (
    NEW.role IS DISTINCT FROM OLD.role AND NEW.project_id = OLD.project_id AND NEW.user_id = OLD.user_id
    AND current_setting('reqloom.role_announced', true) IS DISTINCT FROM 'on'
  )
  EXECUTE FUNCTION "reqloom_role_changed"();
