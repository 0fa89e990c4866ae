CREATE TABLE `collection_reads` (
	`collection_id` text PRIMARY KEY NOT NULL,
	`opens` integer DEFAULT 0 NOT NULL,
	`last_opened_at` text,
	`pdf_downloads` integer DEFAULT 0 NOT NULL,
	`email_first_open` integer DEFAULT false NOT NULL,
	`emailed_at` text,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `read_counts` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`referrer_host` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `kind`, `subject`, `referrer_host`)
);
