import type { Route } from "./+types/admin-experiences";

export function loader({ context }: Route.LoaderArgs) {
  return { items: context.content.experiences() };
}

export default function AdminExperiences({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-label="Experiences">
      <p>{loaderData.items.length} items</p>
    </section>
  );
}
