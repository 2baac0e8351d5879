CREATE TABLE "integration_report_files" (
	"integration_reference" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'text/csv' NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_report_files" ADD CONSTRAINT "integration_report_files_integration_reference_integration_reports_integration_reference_fk" FOREIGN KEY ("integration_reference") REFERENCES "public"."integration_reports"("integration_reference") ON DELETE cascade ON UPDATE no action;