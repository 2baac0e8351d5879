-- An API key's call is authenticated from the key's row and roles (http/auth.ts); a PGlite server
-- keeps them while auth_epoch's number stays the same, as it keeps sessions (0026). Every change to
-- what it reads raises the number: the key's secret, name, licence, state or scope, its deletion,
-- and its roles. Its last use (written at most once a minute) does not.
CREATE TRIGGER api_keys_auth_epoch AFTER UPDATE OF api_key_id, key_prefix, secret_hash, name, license_id, is_active, all_projects OR DELETE OR TRUNCATE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER api_key_roles_auth_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_key_roles FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
