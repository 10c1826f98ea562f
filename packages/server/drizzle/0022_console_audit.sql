CREATE TABLE "console_audit_events" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"operator_user_id" varchar(25) NOT NULL,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "console_audit_events_created_at_id_idx" ON "console_audit_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);