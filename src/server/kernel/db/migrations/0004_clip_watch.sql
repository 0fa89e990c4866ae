CREATE TABLE `also_published` (
	`article_id` text NOT NULL,
	`url` text NOT NULL,
	`url_key` text NOT NULL,
	`found_at` text NOT NULL,
	PRIMARY KEY(`article_id`, `url_key`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `watch_clips` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`url_key` text NOT NULL,
	`source_id` text,
	`title` text NOT NULL,
	`outlet` text NOT NULL,
	`date` text NOT NULL,
	`image` text NOT NULL,
	`description` text NOT NULL,
	`content` text NOT NULL,
	`reason` text NOT NULL,
	`found_at` text NOT NULL,
	`status` text NOT NULL,
	`article_id` text,
	`auto_added` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `watch_sources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watch_clips_url_key_unique` ON `watch_clips` (`url_key`);--> statement-breakpoint
CREATE TABLE `watch_emails` (
	`sent_at` text PRIMARY KEY NOT NULL,
	`clips` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `watch_seen` (
	`source_id` text NOT NULL,
	`url_key` text NOT NULL,
	`seen_at` text NOT NULL,
	PRIMARY KEY(`source_id`, `url_key`),
	FOREIGN KEY (`source_id`) REFERENCES `watch_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `watch_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`url_key` text NOT NULL,
	`kind` text NOT NULL,
	`gzipped` integer NOT NULL,
	`added_at` text NOT NULL,
	`last_checked_at` text,
	`last_new_clip_at` text,
	`state` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`failing_since` text,
	`last_error` text DEFAULT '' NOT NULL,
	`auto_add` integer DEFAULT false NOT NULL,
	`next_check_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watch_sources_url_key_unique` ON `watch_sources` (`url_key`);--> statement-breakpoint
CREATE TABLE `watch_suggestions` (
	`url_key` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`kind` text NOT NULL,
	`page_url` text NOT NULL,
	`page_title` text NOT NULL,
	`noted_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `watch_validators` (
	`source_id` text NOT NULL,
	`url_key` text NOT NULL,
	`etag` text NOT NULL,
	`last_modified` text NOT NULL,
	PRIMARY KEY(`source_id`, `url_key`),
	FOREIGN KEY (`source_id`) REFERENCES `watch_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `kind` text DEFAULT 'contact' NOT NULL;