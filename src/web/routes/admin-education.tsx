import type { Route } from "./+types/admin-education";

export function loader({ context }: Route.LoaderArgs) {
  return { items: context.content.education() };
}

export default function AdminEducation({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-label="Education">
      <p>{loaderData.items.length} items</p>
    </section>
  );
}
