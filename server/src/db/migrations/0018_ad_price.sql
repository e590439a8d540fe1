-- The ad's asking price in whole rupees (issue 32): nullable, never negative.
ALTER TABLE "advertisements" ADD COLUMN "price" integer;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "ads_price_not_negative" CHECK ("advertisements"."price" >= 0);