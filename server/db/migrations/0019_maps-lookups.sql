CREATE TABLE "maps_lookups" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "maps_lookups_day_scope_key_pk" PRIMARY KEY("day","scope","key")
);
