-- The ad's id in the system it was imported from (npm run ads:import, issue 33.2): nullable, one ad per id.
ALTER TABLE "advertisements" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ads_external_id_idx" ON "advertisements" USING btree ("external_id");