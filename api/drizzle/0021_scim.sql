ALTER TABLE "audit_log" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "created_date" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "updated_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_date" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_license_external_id" ON "user_groups" USING btree ("license_id","external_id") WHERE "user_groups"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_license_external_id" ON "users" USING btree ("license_id","external_id") WHERE "users"."external_id" is not null;--> statement-breakpoint
-- SCIM's meta.version and meta.lastModified (issue 39): what follows is not in schema.ts (Drizzle
-- has no triggers). Any change to what SCIM shows of a user or a group — the console's as well as
-- a directory's — raises its version (its ETag) and sets its updated date, unless the change set
-- the date itself (the API sets it from its clock).
CREATE FUNCTION bump_scim_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  IF NEW.updated_date IS NOT DISTINCT FROM OLD.updated_date THEN NEW.updated_date := now(); END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_scim_version BEFORE UPDATE ON users FOR EACH ROW
  WHEN ((OLD.user_name, OLD.first_name, OLD.last_name, OLD.email, OLD.phone_number, OLD.company_name, OLD.position, OLD.is_approved, OLD.external_id)
    IS DISTINCT FROM (NEW.user_name, NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number, NEW.company_name, NEW.position, NEW.is_approved, NEW.external_id))
  EXECUTE FUNCTION bump_scim_version();
--> statement-breakpoint
CREATE TRIGGER user_groups_scim_version BEFORE UPDATE ON user_groups FOR EACH ROW
  WHEN ((OLD.name, OLD.external_id) IS DISTINCT FROM (NEW.name, NEW.external_id))
  EXECUTE FUNCTION bump_scim_version();
--> statement-breakpoint
CREATE FUNCTION bump_group_members_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per statement and group, however many members it added or removed.
  IF TG_OP = 'INSERT' THEN
    UPDATE user_groups SET version = version + 1, updated_date = now() WHERE user_group_id IN (SELECT DISTINCT user_group_id FROM changed_new);
  ELSE
    UPDATE user_groups SET version = version + 1, updated_date = now() WHERE user_group_id IN (SELECT DISTINCT user_group_id FROM changed_old);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_group_users_added_scim_version AFTER INSERT ON user_group_users REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_group_members_version();
--> statement-breakpoint
CREATE TRIGGER user_group_users_removed_scim_version AFTER DELETE ON user_group_users REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_group_members_version();
