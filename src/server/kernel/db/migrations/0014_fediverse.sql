CREATE TABLE `fediverse_followers` (
	`actor_id` text PRIMARY KEY NOT NULL,
	`handle` text NOT NULL,
	`inbox` text NOT NULL,
	`shared_inbox` text,
	`follow_id` text NOT NULL,
	`followed_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `fediverse_kv` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer
);
--> statement-breakpoint
CREATE TABLE `fediverse_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message` text NOT NULL,
	`ready_at` integer NOT NULL,
	`ordering_key` text,
	`taken_until` integer
);
--> statement-breakpoint
CREATE INDEX `fediverse_queue_ready` ON `fediverse_queue` (`ready_at`);--> statement-breakpoint
CREATE TABLE `fediverse_sent` (
	`article_id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`activity_id` text NOT NULL,
	`sent_at` text NOT NULL,
	`followers` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
