CREATE TABLE "mfa_challenges" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"session_id" varchar(25) NOT NULL,
	"method" text NOT NULL,
	"purpose" text NOT NULL,
	"secret_sealed" text,
	"code_hmac" text,
	"phone_number" text,
	"challenge" text,
	"origin" text,
	"rp_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	CONSTRAINT "mfa_challenges_session_method_purpose_unique" UNIQUE("session_id","method","purpose")
);
--> statement-breakpoint
CREATE TABLE "mfa_methods" (
	"id" varchar(25) PRIMARY KEY NOT NULL,
	"app_id" varchar(25) NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"type" text NOT NULL,
	"secret_sealed" text,
	"phone_number" text,
	"last_used_step" bigint,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mfa_methods_user_type_unique" UNIQUE("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "mfa_verifications" (
	"session_id" varchar(25) PRIMARY KEY NOT NULL,
	"user_id" varchar(25) NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"unspent" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_methods" ADD CONSTRAINT "mfa_methods_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_methods" ADD CONSTRAINT "mfa_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_verifications" ADD CONSTRAINT "mfa_verifications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_verifications" ADD CONSTRAINT "mfa_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_challenges_user_id_idx" ON "mfa_challenges" USING btree ("user_id");