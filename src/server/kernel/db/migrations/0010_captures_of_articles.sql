-- Captures belong to articles (docs/decisions/039). A capture is linked to the article whose
-- archived text came from it, else to the article at its address (asked for or answered from),
-- else to the article kept under the address without its query (a clip kept under its canonical
-- address, tracking parameters dropped). Captures of pages that are no article are dropped; the
-- web archive deletes their files at its next start.
CREATE TABLE `__old_archive_captures` AS SELECT `article_id`, `capture_id` FROM `archive_captures`;--> statement-breakpoint
DROP TABLE `archive_captures`;--> statement-breakpoint
CREATE TABLE `__new_captures` (
	`id` text PRIMARY KEY NOT NULL,
	`article_id` text NOT NULL,
	`url` text NOT NULL,
	`target_url` text NOT NULL,
	`captured_at` text NOT NULL,
	`status` integer NOT NULL,
	`payload_sha256` text NOT NULL,
	`file` text NOT NULL,
	`file_bytes` integer NOT NULL,
	`response_offset` integer NOT NULL,
	`response_length` integer NOT NULL,
	`image_url` text NOT NULL,
	`image_sha256` text NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_captures`
SELECT `id`, `linked`, `url`, `target_url`, `captured_at`, `status`, `payload_sha256`, `file`, `file_bytes`,
	`response_offset`, `response_length`, `image_url`, `image_sha256`
FROM (
	SELECT `c`.*, coalesce(
		(SELECT `o`.`article_id` FROM `__old_archive_captures` `o` WHERE `o`.`capture_id` = `c`.`id`),
		(SELECT `a`.`id` FROM `articles` `a` WHERE `a`.`url` IN (`c`.`url`, `c`.`target_url`) ORDER BY `a`.`created_at` LIMIT 1),
		(SELECT `a`.`id` FROM `articles` `a` WHERE instr(`a`.`url`, '?') = 0 AND `a`.`url` IN (
			CASE WHEN instr(`c`.`url`, '?') > 0 THEN substr(`c`.`url`, 1, instr(`c`.`url`, '?') - 1) END,
			CASE WHEN instr(`c`.`target_url`, '?') > 0 THEN substr(`c`.`target_url`, 1, instr(`c`.`target_url`, '?') - 1) END
		) ORDER BY `a`.`created_at` LIMIT 1)
	) AS `linked`
	FROM `captures` `c`
)
WHERE `linked` IS NOT NULL;--> statement-breakpoint
DROP TABLE `captures`;--> statement-breakpoint
ALTER TABLE `__new_captures` RENAME TO `captures`;--> statement-breakpoint
CREATE INDEX `captures_article` ON `captures` (`article_id`,`captured_at`);--> statement-breakpoint
CREATE TABLE `archive_captures` (
	`article_id` text PRIMARY KEY NOT NULL,
	`capture_id` text NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`capture_id`) REFERENCES `captures`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `archive_captures` SELECT `article_id`, `capture_id` FROM `__old_archive_captures`
WHERE `capture_id` IN (SELECT `id` FROM `captures`);--> statement-breakpoint
DROP TABLE `__old_archive_captures`;
