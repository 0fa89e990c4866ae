ALTER TABLE `import_jobs` ADD `holder` text;--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `lease_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `interruptions` integer DEFAULT 0 NOT NULL;