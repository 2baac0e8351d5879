CREATE TABLE "license_expiry_notices" (
	"license_id" integer NOT NULL,
	"day" date NOT NULL,
	"days_left" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "license_expiry_notices_license_id_day_pk" PRIMARY KEY("license_id","day")
);
--> statement-breakpoint
ALTER TABLE "license_expiry_notices" ADD CONSTRAINT "license_expiry_notices_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;