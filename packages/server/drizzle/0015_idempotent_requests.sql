CREATE TABLE "idempotent_requests" (
	"key_hash" varchar(64) PRIMARY KEY NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status" integer,
	"sealed_answer" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idempotent_requests_expires_at_idx" ON "idempotent_requests" USING btree ("expires_at");