CREATE TABLE "telegram_payloads" (
	"payload_hash" varchar(64) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_payloads" ADD CONSTRAINT "telegram_payloads_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_payloads_expires_at_idx" ON "telegram_payloads" USING btree ("expires_at");