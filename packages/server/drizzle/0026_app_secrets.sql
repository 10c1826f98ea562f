CREATE TABLE "app_secrets" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "app_secrets_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "app_secrets" ADD CONSTRAINT "app_secrets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_secrets_one_current" ON "app_secrets" USING btree ("app_id") WHERE expires_at is null;--> statement-breakpoint
CREATE INDEX "app_secrets_app_id_idx" ON "app_secrets" USING btree ("app_id");