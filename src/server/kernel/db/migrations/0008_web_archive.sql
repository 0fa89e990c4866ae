CREATE TABLE `archive_captures` (
	`article_id` text PRIMARY KEY NOT NULL,
	`capture_id` text NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`capture_id`) REFERENCES `captures`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `captures` (
	`id` text PRIMARY KEY NOT NULL,
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
	`image_sha256` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `captures_url` ON `captures` (`url`);--> statement-breakpoint
CREATE INDEX `captures_target_url` ON `captures` (`target_url`);