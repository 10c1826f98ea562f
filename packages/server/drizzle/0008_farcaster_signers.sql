CREATE TABLE "farcaster_signers" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"public_key" text NOT NULL,
	"status" text NOT NULL,
	"token" text NOT NULL,
	"approval_url" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"fid" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "farcaster_signers_app_public_key_unique" UNIQUE("app_id","public_key")
);
--> statement-breakpoint
ALTER TABLE "farcaster_signers" ADD CONSTRAINT "farcaster_signers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farcaster_signers" ADD CONSTRAINT "farcaster_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farcaster_signers_user_id_idx" ON "farcaster_signers" USING btree ("user_id");