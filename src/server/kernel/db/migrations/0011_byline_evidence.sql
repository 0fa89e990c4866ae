CREATE TABLE `watch_listed` (
	`source_id` text NOT NULL,
	`url_key` text NOT NULL,
	`last_seen_at` text NOT NULL,
	PRIMARY KEY(`source_id`, `url_key`),
	FOREIGN KEY (`source_id`) REFERENCES `watch_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `article_archives` ADD `authors` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `byline_note` text DEFAULT '' NOT NULL;