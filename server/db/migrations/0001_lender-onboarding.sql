CREATE TABLE "documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_user_id" bigint,
	"lender_business_id" bigint,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lender_business_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_business_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"business_type" text NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lender_businesses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_businesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_id" bigint NOT NULL,
	"lender_business_type_id" bigint NOT NULL,
	"business_name" text NOT NULL,
	"lender_business_code" text NOT NULL,
	"paybill_number" text,
	"default_loan_limit" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"business_license_id" bigint,
	"registration_certificate_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "lender_region_id" bigint;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "passport_photo_id" bigint;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "id_front_id" bigint;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "id_back_id" bigint;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_lender_business_type_id_lender_business_types_id_fk" FOREIGN KEY ("lender_business_type_id") REFERENCES "public"."lender_business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_business_license_id_documents_id_fk" FOREIGN KEY ("business_license_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_registration_certificate_id_documents_id_fk" FOREIGN KEY ("registration_certificate_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key_unique" ON "documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "documents_business_idx" ON "documents" USING btree ("lender_business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lender_business_types_name_unique" ON "lender_business_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lender_businesses_code_unique" ON "lender_businesses" USING btree ("lender_business_code");--> statement-breakpoint
CREATE INDEX "lender_businesses_lender_idx" ON "lender_businesses" USING btree ("lender_id");--> statement-breakpoint
CREATE INDEX "lender_businesses_type_idx" ON "lender_businesses" USING btree ("lender_business_type_id");--> statement-breakpoint
CREATE INDEX "lender_businesses_status_idx" ON "lender_businesses" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_name_unique" ON "regions" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "lenders" ADD CONSTRAINT "lenders_lender_region_id_regions_id_fk" FOREIGN KEY ("lender_region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lenders" ADD CONSTRAINT "lenders_passport_photo_id_documents_id_fk" FOREIGN KEY ("passport_photo_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lenders" ADD CONSTRAINT "lenders_id_front_id_documents_id_fk" FOREIGN KEY ("id_front_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lenders" ADD CONSTRAINT "lenders_id_back_id_documents_id_fk" FOREIGN KEY ("id_back_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;