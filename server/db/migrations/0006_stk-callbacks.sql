CREATE TABLE "mpesa_stk_callbacks" (
	"checkout_request_id" text PRIMARY KEY NOT NULL,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
