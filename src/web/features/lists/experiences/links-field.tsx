import type { LinkDraft } from "./experience-draft";
import { TextField, type FieldErrors } from "../../../lib/form-kit/form-fields";
import { ListField } from "../../../lib/form-kit/list-field";

/** An experience's related links, each a Label and a URL, in the order the owner gives them. */
export function LinksField({
  links,
  onChange,
  errors,
}: {
  links: readonly LinkDraft[];
  onChange: (links: LinkDraft[]) => void;
  errors: FieldErrors;
}) {
  return (
    <ListField
      legend="Links"
      noun="link"
      items={links}
      onChange={onChange}
      create={() => ({ label: "", url: "" })}
      max={20}
      error={errors.links}
      renderItem={(link, index, change) => (
        <div className="link-row" role="group" aria-label={`Link ${index + 1}`}>
          <TextField
            label="Label"
            value={link.label}
            onChange={(label) => change({ ...link, label })}
            error={errors[`links.${index}.label`]}
          />
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={link.url}
            onChange={(url) => change({ ...link, url })}
            error={errors[`links.${index}.url`]}
          />
        </div>
      )}
    />
  );
}
