CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttles_window" ON "throttles" USING btree ("window_start");