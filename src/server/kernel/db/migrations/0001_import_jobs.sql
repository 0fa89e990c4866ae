CREATE TABLE `import_candidates` (
	`job_id` text NOT NULL,
	`position` integer NOT NULL,
	`url` text NOT NULL,
	`status` text NOT NULL,
	`title` text NOT NULL,
	`outlet` text NOT NULL,
	`date` text NOT NULL,
	`description` text NOT NULL,
	`image` text NOT NULL,
	`author` text NOT NULL,
	`content` text NOT NULL,
	`error` text NOT NULL,
	`article_id` text,
	PRIMARY KEY(`job_id`, `position`),
	FOREIGN KEY (`job_id`) REFERENCES `import_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `import_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`status` text NOT NULL,
	`kind` text NOT NULL,
	`pages_read` integer NOT NULL,
	`error` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
