CREATE TABLE "app_retired_keys" (
	"app_id" varchar(25) NOT NULL,
	"kid" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"retired_at" timestamp with time zone NOT NULL,
	"verify_until" timestamp with time zone NOT NULL,
	CONSTRAINT "app_retired_keys_app_id_kid_pk" PRIMARY KEY("app_id","kid")
);
--> statement-breakpoint
ALTER TABLE "app_retired_keys" ADD CONSTRAINT "app_retired_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_retired_keys_until" ON "app_retired_keys" USING btree ("verify_until");