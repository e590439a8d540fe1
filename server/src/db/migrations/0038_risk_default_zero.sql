DROP INDEX "ads_unanalysed_idx";--> statement-breakpoint
ALTER TABLE "advertisements" ALTER COLUMN "risk" SET DEFAULT 0;