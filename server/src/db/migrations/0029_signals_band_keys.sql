-- The LSH band keys as one array per ad (text) and per photo behind GIN indexes, instead of a row
-- per key, each with its foreign-key check (docs/decisions/0029-trust-signals.md). The keys move
-- from the band tables first; the rows they sit on cascade with their ad as before.
ALTER TABLE "ad_analysis" ADD COLUMN "text_keys" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_image_hashes" ADD COLUMN "keys" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
UPDATE "ad_analysis" a SET "text_keys" = b.keys
FROM (SELECT ad_id, array_agg(key ORDER BY key) AS keys FROM "ad_text_bands" GROUP BY ad_id) b
WHERE b.ad_id = a.ad_id;--> statement-breakpoint
UPDATE "ad_image_hashes" h SET "keys" = b.keys
FROM (SELECT ad_id, image, array_agg(key::bigint ORDER BY key) AS keys FROM "ad_image_bands" GROUP BY ad_id, image) b
WHERE b.ad_id = h.ad_id AND b.image = h.image;--> statement-breakpoint
DROP TABLE "ad_image_bands" CASCADE;--> statement-breakpoint
DROP TABLE "ad_text_bands" CASCADE;--> statement-breakpoint
CREATE INDEX "ad_analysis_text_keys_idx" ON "ad_analysis" USING gin ("text_keys") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ad_image_hashes_keys_idx" ON "ad_image_hashes" USING gin ("keys") WITH (fastupdate=false);
