CREATE TABLE `account_checks` (
	`url` text PRIMARY KEY NOT NULL,
	`links_back` integer NOT NULL,
	`checked_at` text NOT NULL,
	`result` text NOT NULL
);
