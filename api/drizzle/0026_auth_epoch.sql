CREATE TABLE "auth_epoch" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "epoch") VALUES (1, 0);
--> statement-breakpoint
-- What authentication reads (http/auth.ts: the session, its user and the user's roles) changes
-- only through these statements; each raises the number in its own transaction, so a server
-- that keeps what it read while the number stays the same is never behind a commit. Statement
-- triggers: one update however many rows. PostgreSQL connections set console.auth_epoch = off
-- (db/client.ts): servers there do not keep anything, and the one row would serialise writers.
CREATE FUNCTION bump_auth_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('console.auth_epoch', true), '') <> 'off' THEN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_epoch AFTER UPDATE OF revoked_at, expires_at, setup_only, user_id, session_id OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER users_auth_epoch AFTER UPDATE OF user_id, user_name, license_id, is_approved, is_locked_out, is_sso_user OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER user_group_users_auth_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_group_users FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER user_group_roles_auth_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_group_roles FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER roles_auth_epoch AFTER UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
