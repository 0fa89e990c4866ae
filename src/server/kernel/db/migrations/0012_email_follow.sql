CREATE TABLE `email_digest_clips` (
	`article_id` text PRIMARY KEY NOT NULL,
	`digest_id` text,
	`seen_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_digests` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`article_ids` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_follow_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`follower_id` text NOT NULL,
	`kind` text NOT NULL,
	`digest_id` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text,
	`created_at` text NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`follower_id`) REFERENCES `email_followers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`digest_id`) REFERENCES `email_digests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_follow_mails_digest` ON `email_follow_mails` (`follower_id`,`digest_id`);--> statement-breakpoint
CREATE INDEX `email_follow_mails_due` ON `email_follow_mails` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `email_followers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`status` text NOT NULL,
	`token` text NOT NULL,
	`confirm_token` text,
	`confirm_expires_at` text,
	`confirm_sent_at` text,
	`created_at` text NOT NULL,
	`confirmed_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_followers_email_unique` ON `email_followers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_followers_token_unique` ON `email_followers` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_followers_confirm_token_unique` ON `email_followers` (`confirm_token`);