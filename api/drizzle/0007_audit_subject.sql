ALTER TABLE "audit_log" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "license_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_subject" ON "audit_log" USING btree ("subject","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_license" ON "audit_log" USING btree ("license_id","audit_id");--> statement-breakpoint
UPDATE "audit_log" SET "subject" = 'user:' || "entity_id" WHERE "entity" IN ('user', 'user-roles', 'user-addons', 'user-projects', 'user-imports', 'user-reports', 'password-reset-link') AND "entity_id" ~ '^[0-9]+$';--> statement-breakpoint
UPDATE "audit_log" SET "subject" = 'user-group:' || "entity_id" WHERE "entity" LIKE 'user-group%' AND "entity_id" ~ '^[0-9]+$';--> statement-breakpoint
UPDATE "audit_log" SET "subject" = 'api-key:' || "entity_id" WHERE "entity" LIKE 'api-key%' AND "entity_id" ~ '^[0-9]+$';--> statement-breakpoint
UPDATE "audit_log" SET "subject" = 'license:' || split_part("entity_id", '/', 1) WHERE "entity" = 'license-environment' AND "entity_id" ~ '^[0-9]+/';--> statement-breakpoint
UPDATE "audit_log" a SET "license_id" = u."license_id" FROM "users" u WHERE a."subject" = 'user:' || u."user_id";--> statement-breakpoint
UPDATE "audit_log" a SET "license_id" = g."license_id" FROM "user_groups" g WHERE a."subject" = 'user-group:' || g."user_group_id";--> statement-breakpoint
UPDATE "audit_log" a SET "license_id" = k."license_id" FROM "api_keys" k WHERE a."subject" = 'api-key:' || k."api_key_id";--> statement-breakpoint
UPDATE "audit_log" SET "license_id" = split_part("subject", ':', 2)::int WHERE "subject" LIKE 'license:%';--> statement-breakpoint
UPDATE "audit_log" a SET "license_id" = u."license_id" FROM "users" u WHERE a."license_id" IS NULL AND a."actor_user_id" = u."user_id";
