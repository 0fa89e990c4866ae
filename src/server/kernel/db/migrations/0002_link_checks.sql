CREATE TABLE `link_checks` (
	`article_id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`status` text,
	`moved_to` text,
	`checked_at` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_failed_at` text,
	`note` text,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
