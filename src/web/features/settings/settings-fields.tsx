import type { ReactNode } from "react";
import { FEATURED_OUTLETS_MAX } from "../../../domain/content";
import { FollowByEmailGroup } from "./follow-by-email-group";
import { fediverseAddress } from "../../../domain/fediverse";
import { PUBLICATIONS_MAX } from "../../lib/front-page";
import type { FieldErrors } from "../../lib/form-kit/form-fields";
import { CheckboxField, TextAreaField, TextField } from "../../lib/form-kit/form-fields";
import { ImageField } from "../../lib/form-kit/image-field";
import type { SettingsForm, SettingsKey } from "./settings-form";
import { StringListField } from "../../lib/form-kit/string-list-field";
import { OTHER_ACCOUNTS_MAX } from "../../../domain/accounts";
import { AccountChecks } from "./account-checks";

type SettingsFieldsProps = {
  /** The site's public origin: the fediverse address is `@handle@` its host. */
  publicUrl: string;
  form: SettingsForm;
  set: <K extends SettingsKey>(key: K, value: SettingsForm[K]) => void;
  errors: FieldErrors;
  /** Some account field differs from the saved one ('Check my accounts' asks the saved ones). */
  unsavedAccounts: boolean;
};

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="settings-group">
      <legend>{title}</legend>
      <div className="editor__grid">{children}</div>
    </fieldset>
  );
}

/** Every field of the site settings, grouped as the public page uses them. */
export function SettingsFields({ publicUrl, form, set, errors, unsavedAccounts }: SettingsFieldsProps) {
  const text = (
    key: Exclude<
      SettingsKey,
      "featuredOutlets" | "clipEmails" | "followOn" | "followCadence" | "fediverseEnabled"
    >,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(value) => set(key, value)}
      error={errors[key]}
      {...extra}
    />
  );
  const area = (
    key: "about" | "roleDescription" | "blockedSenders" | "bylines" | "otherAccounts",
    label: string,
    rows: number,
    hint?: string,
  ) => (
    <TextAreaField
      label={label}
      rows={rows}
      wide
      value={form[key]}
      onChange={(value) => set(key, value)}
      hint={hint}
      error={errors[key]}
    />
  );
  return (
    <>
      <Group title="Front page">
        {text("location", "Location")}
        {text("tagline", "Tagline", { wide: true })}
        {text("latestArticleUrl", "Latest article URL", {
          type: "url",
          inputMode: "url",
          placeholder: "https://",
          wide: true,
        })}
        {text("profession1", "Profession 1")}
        {text("profession2", "Profession 2")}
        {area("about", "About", 8, "Leave a blank line between paragraphs")}
      </Group>
      <div className="settings-group settings-group--plain">
        <StringListField
          legend="Featured outlets"
          noun="outlet"
          items={form.featuredOutlets}
          onChange={(outlets) => set("featuredOutlets", outlets)}
          path="featuredOutlets"
          errors={errors}
          max={FEATURED_OUTLETS_MAX}
          hint={`The Publications list shows the first ${PUBLICATIONS_MAX}.`}
        />
      </div>
      <Group title="Your accounts">
        {text("mastodon", "Mastodon", {
          placeholder: "@you@mastodon.social",
          hint: "Your address, or your profile's",
        })}
        {text("bluesky", "Bluesky", { placeholder: "you.bsky.social", hint: "Your handle" })}
        {text("blueskyDid", "Bluesky DID", {
          placeholder: "did:plc:…",
          hint: "Optional. With it, this site answers /.well-known/atproto-did, so its domain can be your Bluesky handle.",
          wide: true,
        })}
        {text("linkedin", "LinkedIn", {
          type: "url",
          inputMode: "url",
          placeholder: "https://www.linkedin.com/in/…",
        })}
        {text("muckRack", "Muck Rack", {
          type: "url",
          inputMode: "url",
          placeholder: "https://muckrack.com/…",
        })}
        {text("threads", "Threads", { placeholder: "@you" })}
        {text("x", "X", { placeholder: "@you" })}
        {area(
          "otherAccounts",
          "Other accounts",
          3,
          `Any other profile or page of yours, one address per line (at most ${OTHER_ACCOUNTS_MAX}).`,
        )}
        <AccountChecks unsaved={unsavedAccounts} />
      </Group>
      <Group title="Owner and page">
        {text("name", "Owner name", { required: true })}
        <ImageField
          label="Your photo"
          wide
          value={form.heroImage}
          onChange={(heroImage) => set("heroImage", heroImage)}
          error={errors.heroImage}
        />
        <ImageField
          label="Site icon"
          wide
          value={form.siteIcon}
          onChange={(siteIcon) => set("siteIcon", siteIcon)}
          error={errors.siteIcon}
          purpose="A square picture, at least 512 px, for the browser tab and phones' home screens; empty, your initials."
        />
        {text("strapline", "Strapline", { wide: true, hint: "Shown at the foot of the portfolio overlay" })}
      </Group>
      <Group title="Current role">
        {text("roleTitle", "Role title")}
        {text("roleEmployer", "Employer")}
        {text("rolePlace", "Place", { wide: true })}
        {area("roleDescription", "Role description", 3)}
      </Group>
      <Group title="Clip watch">
        {area(
          "bylines",
          "Bylines",
          3,
          `The names you publish under, one per line, as outlets print them. Defaults to your name${form.name.trim() ? ` (${form.name.trim()})` : ""}.`,
        )}
        {text("writingLanguages", "Languages you write in", {
          wide: true,
          placeholder: "en",
          hint: "Language codes such as en or pt-BR, separated by commas. Defaults to English. Articles in other languages are not offered as new clips.",
        })}
        <CheckboxField
          label="E-mail me when new clips wait (at most once a day)"
          checked={form.clipEmails}
          onChange={(clipEmails) => set("clipEmails", clipEmails)}
        />
      </Group>
      <FollowByEmailGroup form={form} set={set} />
      <Group title="Fediverse">
        <CheckboxField
          role="switch"
          label="Let people follow this site on the fediverse (Mastodon and others)"
          checked={form.fediverseEnabled}
          onChange={(enabled) => set("fediverseEnabled", enabled)}
          hint="New clips go to your followers as posts. Your public page then shows the address."
        />
        {text("fediverseHandle", "Handle", {
          hint: form.fediverseHandle.trim()
            ? `Your address: ${fediverseAddress(form.fediverseHandle.trim(), publicUrl)}`
            : "Letters, digits or underscores, such as your name: people find you as @handle@ this site's domain.",
        })}
      </Group>
      <Group title="Contact form">
        {text("email", "Email", { type: "email", inputMode: "email", autoComplete: "email" })}
        {text("replyNote", "Reply promise", {
          wide: true,
          hint: "Shown under 'Thank you for reaching out!' once a message is sent; empty, nothing is promised.",
        })}
        {area(
          "blockedSenders",
          "Blocked senders",
          4,
          "One per line: an e-mail address, or @domain to block a whole domain. Messages from them are refused.",
        )}
      </Group>
    </>
  );
}
