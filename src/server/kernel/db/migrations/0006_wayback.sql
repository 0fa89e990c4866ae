CREATE TABLE `wayback_lookups` (
	`article_id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`snapshot_url` text,
	`checked_at` text NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `wayback_saves` (
	`article_id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`status` text NOT NULL,
	`job_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`due_at` text NOT NULL,
	`posted_at` text,
	`saved_at` text,
	`snapshot_url` text,
	`error` text,
	`queued_at` text NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
