DROP INDEX "verification_images_file_unique";--> statement-breakpoint
ALTER TABLE "verification_images" DROP COLUMN "file_name";